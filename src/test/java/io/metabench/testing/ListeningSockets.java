package io.metabench.testing;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The TCP sockets a process listens on, read from Linux's /proc (its open socket inodes, matched
 * in /proc/net/tcp and tcp6): what a test checks to show a server it started is reachable on
 * loopback only.
 */
public final class ListeningSockets {
  private static final String LISTEN = "0A";

  private ListeningSockets() {
  }

  /** The local addresses, as {@code address:port}, process {@code pid} listens on. */
  public static List<InetAddressAndPort> of(String pid) throws IOException {
    Set<String> inodes = new HashSet<>();
    File[] fds = new File("/proc/" + pid + "/fd").listFiles();
    for (File fd : fds == null ? new File[0] : fds) {
      try {
        String target = Files.readSymbolicLink(fd.toPath()).toString();
        if (target.startsWith("socket:[")) {
          inodes.add(target.substring("socket:[".length(), target.length() - 1));
        }
      } catch (IOException closed) {
        // closed meanwhile
      }
    }
    List<InetAddressAndPort> out = new ArrayList<>();
    for (String table : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
      List<String> lines = Files.readAllLines(new File(table).toPath());
      for (String line : lines.subList(1, lines.size())) {
        String[] f = line.trim().split("\\s+");
        if (f[3].equals(LISTEN) && inodes.contains(f[9])) {
          String[] local = f[1].split(":");
          out.add(new InetAddressAndPort(address(local[0]), Integer.parseInt(local[1], 16)));
        }
      }
    }
    return out;
  }

  /** The kernel prints each 32-bit word of an address in host (little-endian) byte order. */
  private static InetAddress address(String hex) throws IOException {
    byte[] b = new byte[hex.length() / 2];
    for (int word = 0; word < b.length / 4; word++) {
      for (int i = 0; i < 4; i++) {
        int at = (word * 4 + (3 - i)) * 2;
        b[word * 4 + i] = (byte) Integer.parseInt(hex.substring(at, at + 2), 16);
      }
    }
    return InetAddress.getByAddress(b);
  }

  /** One listening address. */
  public static final class InetAddressAndPort {
    public final InetAddress address;
    public final int port;

    InetAddressAndPort(InetAddress address, int port) {
      this.address = address;
      this.port = port;
    }

    @Override
    public String toString() {
      return address.getHostAddress() + ":" + port;
    }
  }
}
