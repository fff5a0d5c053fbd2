package io.metabench.runner;

import io.metabench.config.ClientSettings;
import io.metabench.fs.Target;
import io.metabench.stats.Provenance;

/**
 * The provenance every result records (docs/metrics.md#provenance): this JVM and host, the
 * build, and the target's client settings that differ from Hadoop's defaults, credentials
 * redacted. Stateless.
 */
public final class RunProvenance {
  private RunProvenance() {
  }

  /** The provenance of a run against {@code target} from this JVM. */
  public static Provenance of(Target target) {
    return Provenance.ofThisJvm(ClientSettings.differingFromDefaults(target.clientConf()),
        ClientSettings::redactJvmArgument);
  }
}
