package io.metabench.testing.oss;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * One bucket's contents: objects by key in key order (as OSS lists them), and the multipart
 * uploads under way. A directory marker {@code a/b/} and an object {@code a/b} are two keys, as on
 * OSS. Thread-safe: each object is replaced whole, so a reader sees the old or the new one.
 */
final class OssBucket {
  final String name;
  final NavigableMap<String, OssObject> objects = new ConcurrentSkipListMap<>();
  final Map<String, Upload> uploads = new ConcurrentHashMap<>();

  OssBucket(String name) {
    this.name = name;
  }

  /** A multipart upload begun and not yet completed or aborted; its parts by number. */
  static final class Upload {
    final String key;
    final String id = UUID.randomUUID().toString().replace("-", "").toUpperCase(Locale.ROOT);
    final NavigableMap<Integer, OssObject> parts = new ConcurrentSkipListMap<>();
    final String contentType;
    final Map<String, String> userMetadata;

    Upload(String key, String contentType, Map<String, String> userMetadata) {
      this.key = key;
      this.contentType = contentType;
      this.userMetadata = userMetadata;
    }
  }

  /** One page of a listing: objects, then the common prefixes, and where the next page starts. */
  static final class Page {
    final List<Map.Entry<String, OssObject>> contents = new ArrayList<>();
    final List<String> commonPrefixes = new ArrayList<>();
    boolean truncated;
    /** The last key or common prefix of this page: the next page lists what follows it. */
    String last;
  }

  /**
   * Keys under {@code prefix} after {@code after} (exclusive; "" for the start), those that hold
   * {@code delimiter} after the prefix rolled up into one common prefix each, at most
   * {@code maxKeys} entries (objects and common prefixes together), as ListObjects pages.
   */
  Page list(String prefix, String delimiter, String after, int maxKeys) {
    Page page = new Page();
    String from = after.compareTo(prefix) > 0 ? after : prefix;
    String key = objects.ceilingKey(from);
    while (key != null && key.startsWith(prefix)) {
      String rolled = null;
      if (!delimiter.isEmpty()) {
        int at = key.indexOf(delimiter, prefix.length());
        if (at >= 0) {
          rolled = key.substring(0, at + delimiter.length());
        }
      }
      String entry = rolled == null ? key : rolled;
      if (entry.compareTo(after) > 0) {
        if (page.contents.size() + page.commonPrefixes.size() == maxKeys) {
          page.truncated = true;
          return page;
        }
        if (rolled == null) {
          OssObject o = objects.get(key);
          if (o != null) {
            page.contents.add(new AbstractMap.SimpleImmutableEntry<>(key, o));
          }
        } else {
          page.commonPrefixes.add(rolled);
        }
        page.last = entry;
      }
      // Every key under a common prefix rolls into it: go past them all at once.
      key = rolled == null ? objects.higherKey(key) : objects.higherKey(rolled + Character.MAX_VALUE);
    }
    return page;
  }
}
