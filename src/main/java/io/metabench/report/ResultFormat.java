package io.metabench.report;

import java.io.IOException;

/**
 * Writes results of one kind ({@code T}: a run, a study, a study's summary or one phase) in one
 * format, as text. Every file MetaBench writes, and every table it prints, is written by an
 * implementation of this interface; {@link ResultFormatFactory} makes them from a
 * {@link ResultFormatType}, and {@link OutputPlan} decides where their files go.
 *
 * <p>Implementations are stateless apart from settings fixed at construction (so one may be
 * used from several threads, for different outputs), format numbers with
 * {@link java.util.Locale#ROOT} so output never depends on the machine's locale, end lines with
 * {@code \n} except where a format is defined otherwise (the {@code .hgrm} percentile tables are
 * HdrHistogram's own), and neither flush nor close {@code out}: the caller owns it.
 *
 * @param <T> what is written
 */
public interface ResultFormat<T> {
  void write(T results, Appendable out) throws IOException;
}
