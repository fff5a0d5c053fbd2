package io.metabench.core;

/**
 * Bad input from the user: a wrong option value, an unusable base directory, a file system that
 * cannot be reached. The message is one line that names the problem and the fix; the command
 * line prints it and exits with code 2 before anything was created or deleted.
 */
public class InvalidInputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public InvalidInputException(String message) {
    super(message);
  }

  public InvalidInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
