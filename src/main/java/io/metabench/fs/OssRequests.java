package io.metabench.fs;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.fs.FileSystem;

/**
 * Counts the requests an Aliyun OSS client (hadoop-aliyun's {@code AliyunOSSFileSystem}) sends,
 * by OSS API ({@code oss.HeadObject}, {@code oss.ListObjectsV2}, {@code oss.CopyObject}), which
 * hadoop-aliyun itself does not: its {@code FileSystem.Statistics} count some reads and writes
 * and no directory marker, copy or listing of a rename. The count is a request signer added to
 * the OSS SDK client's list of extra signers ({@code ClientConfiguration.getSignerHandlers()},
 * read for every request): the SDK calls it once per request it sends, before its own retries,
 * so a retried request counts once.
 *
 * <p>Reached by reflection, through the client's own class loader: hadoop-aliyun and the SDK are
 * not on every class path MetaBench runs on, and a connector added at run time sits in a loader
 * of its own. Thread-safe; one counter per OSS client, attached on first use and kept with it.
 */
public final class OssRequests {
  /** The prefix of every count's name. */
  public static final String PREFIX = "oss.";
  private static final String FS_CLASS = "org.apache.hadoop.fs.aliyun.oss.AliyunOSSFileSystem";
  private static final Map<Object, OssRequests> ATTACHED = new WeakHashMap<>();
  /**
   * A request class's getMethod, getKey, getParameters and getHeaders (null when it lacks one),
   * looked up once per class: the counter runs on every request, inside the measured call.
   */
  private static final ClassValue<Method[]> ACCESSORS = new ClassValue<Method[]>() {
    @Override
    protected Method[] computeValue(Class<?> type) {
      try {
        return new Method[] {type.getMethod("getMethod"), type.getMethod("getKey"),
            type.getMethod("getParameters"), type.getMethod("getHeaders")};
      } catch (NoSuchMethodException e) {
        return null;
      }
    }
  };

  private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();

  private OssRequests() {
  }

  /**
   * The counter of {@code fs}'s requests, attached now if it was not; null when {@code fs} is no
   * OSS client or its SDK cannot be reached (a version that keeps its client elsewhere).
   */
  public static OssRequests of(FileSystem fs) {
    if (!FS_CLASS.equals(fs.getClass().getName())) {
      return null;
    }
    try {
      Object store = fs.getClass().getMethod("getStore").invoke(fs);
      Field field = store.getClass().getDeclaredField("ossClient");
      field.setAccessible(true);
      Object client = field.get(store);
      Object settings = client.getClass().getMethod("getClientConfiguration").invoke(client);
      synchronized (ATTACHED) {
        OssRequests known = ATTACHED.get(settings);
        if (known != null) {
          return known;
        }
        OssRequests counter = new OssRequests();
        attach(settings, counter, fs.getClass().getClassLoader());
        ATTACHED.put(settings, counter);
        return counter;
      }
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return null;
    }
  }

  @SuppressWarnings("unchecked")
  private static void attach(Object settings, OssRequests counter, ClassLoader loader)
      throws ReflectiveOperationException {
    Class<?> signer = Class.forName("com.aliyun.oss.common.auth.RequestSigner", false, loader);
    InvocationHandler onSign = (proxy, method, args) -> {
      if ("sign".equals(method.getName()) && args != null && args.length == 1) {
        counter.counts.computeIfAbsent(PREFIX + apiOrRequest(args[0]), k -> new LongAdder())
            .increment();
        return null;
      }
      return objectMethod(proxy, method, args);
    };
    Object proxy = Proxy.newProxyInstance(loader, new Class<?>[] {signer}, onSign);
    List<Object> signers = (List<Object>) settings.getClass().getMethod("getSignerHandlers")
        .invoke(settings);
    List<Object> with = signers == null ? new ArrayList<>() : new ArrayList<>(signers);
    with.add(proxy);
    settings.getClass().getMethod("setSignerHandlers", List.class).invoke(settings, with);
  }

  private static Object objectMethod(Object proxy, Method method, Object[] args) {
    switch (method.getName()) {
      case "equals":
        return proxy == args[0];
      case "hashCode":
        return System.identityHashCode(proxy);
      case "toString":
        return "MetaBench's OSS request counter";
      default:
        return null;
    }
  }

  /**
   * The OSS API a request calls (its reference's names), from its method, key, sub-resources
   * and copy-source header, as OSS itself tells them apart.
   */
  @SuppressWarnings("unchecked")
  static String api(Object request) throws ReflectiveOperationException {
    Method[] get = ACCESSORS.get(request.getClass());
    if (get == null) {
      throw new NoSuchMethodException(request.getClass() + " does not say its method, key, "
          + "parameters and headers");
    }
    String method = String.valueOf(get[0].invoke(request));
    Object key = get[1].invoke(request);
    Map<String, String> params = (Map<String, String>) get[2].invoke(request);
    Map<String, String> headers = (Map<String, String>) get[3].invoke(request);
    return api(method, key != null && !key.toString().isEmpty(),
        params == null ? Collections.<String, String>emptyMap() : params,
        headers != null && headers.keySet().stream()
            .anyMatch(h -> "x-oss-copy-source".equalsIgnoreCase(h)));
  }

  /**
   * {@link #api(Object)}, or {@code request} where an SDK's request does not say its parts: the
   * counter never fails the request it counts.
   */
  static String apiOrRequest(Object request) {
    try {
      return api(request);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return "request";
    }
  }

  /** As {@link #api(Object)}, from the parts. */
  static String api(String method, boolean object, Map<String, String> params, boolean copy) {
    if (object) {
      switch (method) {
        case "PUT":
          if (params.containsKey("uploadId")) {
            return copy ? "UploadPartCopy" : "UploadPart";
          }
          return copy ? "CopyObject" : "PutObject";
        case "GET":
          return params.containsKey("uploadId") ? "ListParts" : "GetObject";
        case "HEAD":
          return params.containsKey("objectMeta") ? "GetObjectMeta" : "HeadObject";
        case "DELETE":
          return params.containsKey("uploadId") ? "AbortMultipartUpload" : "DeleteObject";
        case "POST":
          if (params.containsKey("uploads")) {
            return "InitiateMultipartUpload";
          }
          return params.containsKey("uploadId") ? "CompleteMultipartUpload" : "PostObject";
        default:
          return method + "Object";
      }
    }
    if ("POST".equals(method) && params.containsKey("delete")) {
      return "DeleteMultipleObjects";
    }
    if ("GET".equals(method)) {
      if (params.containsKey("uploads")) {
        return "ListMultipartUploads";
      }
      if (params.containsKey("bucketInfo")) {
        return "GetBucketInfo";
      }
      return "2".equals(params.get("list-type")) ? "ListObjectsV2" : "ListObjects";
    }
    return method + "Bucket";
  }

  /** The requests counted so far, by {@code oss.}API. */
  public Map<String, Long> read() {
    Map<String, Long> out = new TreeMap<>();
    counts.forEach((api, n) -> out.put(api, n.sum()));
    return out;
  }
}
