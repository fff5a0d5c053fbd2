package io.metabench.fs;

import io.metabench.core.InvalidInputException;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.HttpURLConnection;
import java.net.URL;

/**
 * Reads why an Aliyun OSS client's first calls failed, for the one line a bad setting gets: an
 * endpoint that is not OSS at all (an S3 server, a web server: its answers lack OSS's
 * {@code x-oss-request-id}), credentials OSS refused, a bucket that does not exist. Reached by
 * reflection (the OSS SDK is not on every class path). Stateless.
 */
final class OssAnswers {
  private static final String SDK_ERRORS = "com.aliyun.oss.";
  private static final int PROBE_MILLIS = 5000;

  private OssAnswers() {
  }

  /**
   * The line for {@code failure} of an {@code oss://} target, or null when it is not an OSS
   * client's error (another scheme, a connection that failed): then the generic line serves.
   */
  static InvalidInputException explain(Target target, Throwable failure) {
    if (!"oss".equals(target.fsUri().getScheme())) {
      return null;
    }
    String where = Reachability.describe(target);
    // Whatever the client made of a foreign answer (an error, or a NullPointerException where
    // a web server's page lacked OSS's headers), the endpoint itself tells.
    String notOss = notOss(target);
    if (notOss != null) {
      return new InvalidInputException(where + " does not answer as OSS (" + notOss + "): check "
          + "fs.oss.endpoint, which must name an OSS endpoint such as "
          + "oss-cn-hangzhou.aliyuncs.com (nothing was changed)", failure);
    }
    Throwable sdk = failure;
    while (sdk != null && !sdk.getClass().getName().startsWith(SDK_ERRORS)) {
      sdk = sdk.getCause();
    }
    if (sdk == null || !sdk.getClass().getSimpleName().equals("OSSException")) {
      return null;
    }
    String code = errorCode(sdk);
    String said = code + ": " + Reachability.firstLine(errorMessage(sdk));
    switch (code) {
      case "InvalidAccessKeyId":
      case "SignatureDoesNotMatch":
        return new InvalidInputException("OSS refused the credentials at " + where + " (" + said
            + "): check fs.oss.accessKeyId and fs.oss.accessKeySecret (nothing was changed)",
            failure);
      case "NoSuchBucket":
        return new InvalidInputException("no bucket " + target.fsUri().getHost() + " at " + where
            + " (" + said + "): create it, or name an existing bucket in -baseDir (nothing was "
            + "changed)", failure);
      case "AccessDenied":
        return new InvalidInputException("permission denied at " + target.baseDir() + " ("
            + said + "): check the credentials' permissions on the bucket, and use a -baseDir "
            + "they may write to (nothing was changed)", failure);
      default:
        return null;
    }
  }

  /**
   * Why the endpoint is not OSS, or null when it is (or cannot be asked): OSS answers every
   * request, an anonymous one to its root included, with an {@code x-oss-request-id} header.
   */
  static String notOss(Target target) {
    String endpoint = target.clientConf().getTrimmed("fs.oss.endpoint", "");
    if (endpoint.isEmpty()) {
      return null;
    }
    if (!endpoint.contains("://")) {
      boolean secure = target.clientConf().getBoolean("fs.oss.connection.secure.enabled", true);
      endpoint = (secure ? "https://" : "http://") + endpoint;
    }
    HttpURLConnection c = null;
    try {
      c = (HttpURLConnection) new URL(endpoint + "/").openConnection();
      c.setConnectTimeout(PROBE_MILLIS);
      c.setReadTimeout(PROBE_MILLIS);
      c.setInstanceFollowRedirects(false);
      int status = c.getResponseCode();
      if (c.getHeaderField("x-oss-request-id") != null) {
        return null;
      }
      String server = c.getHeaderField("Server");
      return "its answer to GET / was HTTP " + status + " without x-oss-request-id"
          + (server == null ? "" : ", from Server: " + server);
    } catch (IOException | RuntimeException e) {
      return null;
    } finally {
      if (c != null) {
        c.disconnect();
      }
    }
  }

  private static String errorCode(Throwable sdk) {
    return String.valueOf(call(sdk, "getErrorCode"));
  }

  private static String errorMessage(Throwable sdk) {
    Object m = call(sdk, "getErrorMessage");
    return m == null ? sdk.getMessage() : m.toString();
  }

  private static Object call(Throwable sdk, String method) {
    try {
      Method m = sdk.getClass().getMethod(method);
      return m.invoke(sdk);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }
}
