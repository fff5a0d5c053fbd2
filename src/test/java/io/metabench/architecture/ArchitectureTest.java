package io.metabench.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The layering of the main code (docs/architecture.md): no package depends, directly or through
 * others, on a package that depends on it. Each package (subpackages included, such as
 * {@code report.chart}) is a slice of its own, so two packages importing each other fail here.
 * The bottom layers are also held to what they may use.
 */
@AnalyzeClasses(packages = "io.metabench", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

  @ArchTest
  static final ArchRule packagesHaveNoCycles =
      slices().matching("io.metabench.(**)").should().beFreeOfCycles();

  @ArchTest
  static final ArchRule coreUsesNothingOfOurs = classes().that()
      .resideInAPackage("io.metabench.core..").should().onlyDependOnClassesThat(
          resideInAPackage("io.metabench.core..").or(resideOutsideOfPackage("io.metabench..")));

  @ArchTest
  static final ArchRule compatUsesNothingOfOurs = classes().that()
      .resideInAPackage("io.metabench.compat..").should().onlyDependOnClassesThat(
          resideInAPackage("io.metabench.compat..").or(resideOutsideOfPackage("io.metabench..")));

  /**
   * What not every Hadoop line has is reached through {@code compat.HadoopLine} alone
   * (ITHadoopLinkage checks every reference against each line; this names the known ones).
   */
  @ArchTest
  static final ArchRule newerHadoopApisOnlyThroughCompat = noClasses().that()
      .resideOutsideOfPackage("io.metabench.compat..").should().dependOnClassesThat()
      .resideInAPackage("org.apache.hadoop.fs.statistics..")
      .orShould().callMethod(FileSystem.class, "hasPathCapability", Path.class, String.class);

  @ArchTest
  static final ArchRule theEngineKnowsNoOutputsNorCommands = noClasses().that()
      .resideInAPackage("io.metabench.engine..").should().dependOnClassesThat()
      .resideInAnyPackage("io.metabench.report..", "io.metabench.runner..",
          "io.metabench.replay..", "io.metabench.mapred..", "io.metabench.command..");

  @ArchTest
  static final ArchRule resultsKnowNoEngineNorOutputs = noClasses().that()
      .resideInAPackage("io.metabench.stats..").should().dependOnClassesThat()
      .resideInAnyPackage("io.metabench.engine..", "io.metabench.report..",
          "io.metabench.runner..", "io.metabench.command..");
}
