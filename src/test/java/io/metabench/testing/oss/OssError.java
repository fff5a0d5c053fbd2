package io.metabench.testing.oss;

/**
 * An OSS error answer: HTTP status, OSS's error code and message, sent as OSS's {@code Error}
 * document. Thrown by the API classes, answered by {@link OssServer}.
 */
final class OssError extends Exception {
  private static final long serialVersionUID = 1L;
  final int status;
  final String code;

  OssError(int status, String code, String message) {
    super(message, null, false, false);
    this.status = status;
    this.code = code;
  }

  static OssError noSuchKey() {
    return new OssError(404, "NoSuchKey", "The specified key does not exist.");
  }

  static OssError noSuchUpload() {
    return new OssError(404, "NoSuchUpload", "The specified upload does not exist. The upload ID "
        + "may be invalid, or the upload may have been aborted or completed.");
  }

  static OssError malformedXml() {
    return new OssError(400, "MalformedXML", "The XML you provided was not well-formed or did "
        + "not validate against our published schema.");
  }

  static OssError invalidArgument(String message) {
    return new OssError(400, "InvalidArgument", message);
  }

  static OssError notImplemented(String what) {
    return new OssError(501, "NotImplemented", what + " is not implemented by MetaBench's OSS "
        + "test server.");
  }
}
