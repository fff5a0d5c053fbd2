package io.metabench.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The layering of the main code (docs/architecture.md): no package depends, directly or through
 * others, on a package that depends on it. Each package (subpackages included, such as
 * {@code report.chart}) is a slice of its own, so two packages importing each other fail here.
 */
@AnalyzeClasses(packages = "io.metabench", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

  @ArchTest
  static final ArchRule packagesHaveNoCycles =
      slices().matching("io.metabench.(**)").should().beFreeOfCycles();
}
