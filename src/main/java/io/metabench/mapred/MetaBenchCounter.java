package io.metabench.mapred;

/**
 * Job totals over all maps and phases, shown in the JobHistory UI. Totals only: distributions
 * travel as histograms in the maps' committed output, and the counter count stays far below
 * mapreduce.job.counters.max.
 */
public enum MetaBenchCounter {
  OPS_ATTEMPTED, OPS_SUCCESSFUL, OPS_FAILED, RETRIES, BYTES, LATE_WORKERS, LATE_MAPS,
  MAPS_REPORTED
}
