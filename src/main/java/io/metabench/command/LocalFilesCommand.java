package io.metabench.command;

/**
 * A command that reads and writes local files only ({@code report}, {@code compare},
 * {@code merge}, {@code profile}): it reaches no file system, so it never logs in. Used as
 * {@link Command} is.
 */
public abstract class LocalFilesCommand extends Command {
  protected LocalFilesCommand(CommandContext context) {
    super(context);
  }

  @Override
  protected final boolean usesFileSystems() {
    return false;
  }
}
