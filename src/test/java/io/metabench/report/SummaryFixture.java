package io.metabench.report;

import io.metabench.stats.study.StudySummary;
import io.metabench.stats.study.SummaryRow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A study built by hand for the HTML report and chart tests: two targets, two operations, thread
 * levels 1, 4 and 16 (a 16x span, so a log2 threads axis), with
 *
 * <ul>
 *   <li>a second target labelled {@value #ODD}, which HTML must escape;
 *   <li>one row missing: {@value #ODD} did not run {@code open_read} at 16 threads;
 *   <li>one row without latency: {@value #ODD}'s {@code open_read} at 4 threads failed every
 *       operation (0 TPS, NaN latency);
 *   <li>knees: {@code embedded-hdfs} create_write at 4 (350.25 ≥ 0.9 × 380), open_read at 16;
 *       {@value #ODD} create_write at 16, open_read at 1.
 * </ul>
 *
 * <p>{@value #ODD}'s create_write at 1 thread runs 73 TPS against the baseline's 100: "0.73x".
 */
public final class SummaryFixture {
  public static final String BASE = "embedded-hdfs";
  public static final String ODD = "a<b&\"c\"";

  private SummaryFixture() {}

  public static StudySummary summary() {
    return new StudySummary(rows());
  }

  public static List<SummaryRow> rows() {
    List<SummaryRow> rows = new ArrayList<>();
    String hdfs = "hdfs://localhost:35245";
    String file = "file:///tmp/metabench?x=1&y=2";
    rows.add(row(BASE, hdfs, "create_write", 1, 100.0, 5.0, 0, lat(9.5), false));
    rows.add(row(BASE, hdfs, "create_write", 4, 350.25, 10.5, 0, lat(11.25), true));
    rows.add(row(BASE, hdfs, "create_write", 16, 380.0, 20.0, 2, lat(40.125), false));
    rows.add(row(ODD, file, "create_write", 1, 73.0, 1.5, 0, lat(13.0), false));
    rows.add(row(ODD, file, "create_write", 4, 250.0, 0.0, 0, lat(15.5), false));
    rows.add(row(ODD, file, "create_write", 16, 410.0, 12.0, 0, lat(38.0), true));
    rows.add(row(BASE, hdfs, "open_read", 1, 500.0, 25.0, 0, lat(1.9), false));
    rows.add(row(BASE, hdfs, "open_read", 4, 1500.0, 30.0, 0, lat(2.5), false));
    rows.add(row(BASE, hdfs, "open_read", 16, 1800.0, 90.0, 0, lat(8.75), true));
    rows.add(row(ODD, file, "open_read", 1, 800.0, 40.0, 0, lat(1.2), true));
    rows.add(new SummaryRow(ODD, file, "open_read", 4, 3, 0.0, 0.0, 0.0, 0.0, 0, 1200,
        SummaryRow.Latency.NONE, false));
    // ODD open_read at 16: not run
    return rows;
  }

  /** MetaBench version, date, command and machine, in that order. */
  public static Map<String, String> metadata() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("MetaBench version", "0.1.0-test");
    m.put("date", "2025-01-02T03:04:05Z");
    m.put("command", "meta-bench.sh study -target 'a<b&\"c\"=file:///tmp/metabench?x=1&y=2' "
        + "-threads 1,4,16");
    m.put("machine", "bench-01 (2 cores)");
    return m;
  }

  /** A summary with only the given rows of {@link #rows()}'s kind. */
  public static StudySummary of(SummaryRow... rows) {
    return new StudySummary(Collections.unmodifiableList(Arrays.asList(rows)));
  }

  /** A row of 3 iterations whose figures follow from {@code tps} and {@code p50}. */
  public static SummaryRow row(String target, String uri, String phase, int threads, double tps,
      double stddev, long failed, SummaryRow.Latency latency, boolean knee) {
    return new SummaryRow(target, uri, phase, threads, 3, tps, tps - stddev, tps + stddev, stddev,
        Math.round(tps * 30), failed, latency, knee);
  }

  /** Latency with p50 {@code p50} ms and the other figures at fixed multiples of it. */
  public static SummaryRow.Latency lat(double p50) {
    return new SummaryRow.Latency(p50 * 1.1, p50, p50 * 1.5, p50 * 3, p50 * 5, p50 * 8);
  }
}
