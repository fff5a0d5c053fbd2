package io.metabench.compat;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class that names Hadoop classes or methods not every supported client class path has
 * (a newer line's API, or the embedded HDFS's test classes): it is loaded only after a probe
 * found them ({@link HadoopLine}, or the embedded HDFS's class check), so no older line ever
 * links it. The thin jar's linkage check against each line (ITHadoopLinkage) lets such a
 * class's references pass and holds every other class to what the oldest line has.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface NeedsProbe {
  /** What the class needs and which probe guards it. */
  String value();
}
