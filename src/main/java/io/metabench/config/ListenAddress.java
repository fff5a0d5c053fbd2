package io.metabench.config;

import io.metabench.core.InvalidInputException;
import java.util.Locale;

/**
 * Where a server of MetaBench's listens ({@code -prometheus [host:]port}): on loopback unless a
 * host is given, so nothing is exposed beyond the machine by default. Immutable.
 */
public final class ListenAddress {
  /** Listens nowhere: the option not given. */
  public static final ListenAddress NONE = new ListenAddress("", 0);
  /** The host a bare port listens on. */
  public static final String LOOPBACK = "127.0.0.1";

  private final String host;
  private final int port;

  private ListenAddress(String host, int port) {
    this.host = host;
    this.port = port;
  }

  /**
   * {@code [host:]port} (an IPv6 host in brackets), or empty for none.
   *
   * @throws InvalidInputException naming the value and what to give
   */
  public static ListenAddress parse(String text) {
    String t = text.trim();
    if (t.isEmpty()) {
      return NONE;
    }
    int colon = t.lastIndexOf(':');
    String host = colon < 0 ? LOOPBACK : t.substring(0, colon);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    String port = t.substring(colon + 1);
    int p;
    try {
      p = Integer.parseInt(port);
    } catch (NumberFormatException e) {
      p = -1;
    }
    if (p < 1 || p > 65535 || host.isEmpty()) {
      throw new InvalidInputException(String.format(Locale.ROOT, "-prometheus '%s' is not a "
          + "[host:]port with a port from 1 to 65535: give one such as 9464 (on loopback) or "
          + "0.0.0.0:9464 (on every interface)", text.trim()));
    }
    return new ListenAddress(host, p);
  }

  /** Whether an address was given. */
  public boolean given() {
    return port > 0;
  }

  public String host() {
    return host;
  }

  public int port() {
    return port;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ListenAddress && ((ListenAddress) o).host.equals(host)
        && ((ListenAddress) o).port == port;
  }

  @Override
  public int hashCode() {
    return host.hashCode() * 31 + port;
  }

  /** {@code host:port} as given, or empty for none. */
  @Override
  public String toString() {
    return given() ? (host.contains(":") ? "[" + host + "]" : host) + ":" + port : "";
  }
}
