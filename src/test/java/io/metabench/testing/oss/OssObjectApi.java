package io.metabench.testing.oss;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.w3c.dom.Element;

/**
 * The object APIs: PutObject, CopyObject, GetObject (with ranges), HeadObject, GetObjectMeta,
 * DeleteObject, and multipart upload (initiate, upload part, upload part copy, complete, abort,
 * list parts), each answering as OSS's API reference says. Stateless; thread-safe.
 */
final class OssObjectApi {
  /** Every part but the last must be at least this long (OSS: 100 KB). */
  static final int MIN_PART = 100 * 1024;

  private OssObjectApi() {
  }

  /** Serves a request on {@code x.key} in {@code bucket}. */
  static void serve(OssExchange x, OssBucket bucket, OssServer server) throws IOException, OssError {
    checkKey(x.key);
    switch (x.method) {
      case "PUT":
        if (x.has("uploadId")) {
          uploadPart(x, bucket, server);
        } else if (x.header("x-oss-copy-source") != null) {
          copy(x, bucket, server);
        } else {
          put(x, bucket);
        }
        return;
      case "GET":
        if (x.has("uploadId")) {
          listParts(x, bucket);
        } else {
          get(x, bucket);
        }
        return;
      case "HEAD":
        x.api = x.has("objectMeta") ? "GetObjectMeta" : "HeadObject";
        OssObject o = stored(bucket, x.key);
        describe(x, o);
        x.header("Content-Length", Integer.toString(o.data.length));
        x.send(200, null, null);
        return;
      case "DELETE":
        if (x.has("uploadId")) {
          x.api = "AbortMultipartUpload";
          upload(x, bucket);
          bucket.uploads.remove(x.params.get("uploadId"));
        } else {
          x.api = "DeleteObject";
          bucket.objects.remove(x.key);
        }
        x.send(204, null, null);
        return;
      case "POST":
        if (x.has("uploads")) {
          initiate(x, bucket);
        } else if (x.has("uploadId")) {
          complete(x, bucket);
        } else {
          throw OssError.notImplemented("POST on an object other than multipart upload");
        }
        return;
      default:
        throw new OssError(405, "MethodNotAllowed",
            "The specified method is not allowed against this resource.");
    }
  }

  private static void checkKey(String key) throws OssError {
    if (key.isEmpty() || key.getBytes(StandardCharsets.UTF_8).length > 1023
        || key.startsWith("/") || key.startsWith("\\")) {
      throw new OssError(400, "InvalidObjectName", "The specified object is not valid.");
    }
  }

  static OssObject stored(OssBucket bucket, String key) throws OssError {
    OssObject o = bucket.objects.get(key);
    if (o == null) {
      throw OssError.noSuchKey();
    }
    return o;
  }

  private static Map<String, String> userMetadata(OssExchange x) {
    Map<String, String> out = new TreeMap<>();
    for (Map.Entry<String, List<String>> h : x.http.getRequestHeaders().entrySet()) {
      String name = h.getKey().toLowerCase(Locale.ROOT);
      if (name.startsWith("x-oss-meta-")) {
        out.put(name, h.getValue().get(0));
      }
    }
    return out;
  }

  /** Content-MD5, when sent, must be the base64 MD5 of the body. */
  static void checkDigest(OssExchange x, boolean required) throws OssError {
    String md5 = x.header("Content-MD5");
    if (md5 == null) {
      if (required) {
        throw new OssError(400, "InvalidDigest", "The Content-MD5 you specified is not valid.");
      }
      return;
    }
    if (!md5.equals(Base64.getEncoder().encodeToString(OssObject.md5(x.body)))) {
      throw new OssError(400, "InvalidDigest", "The Content-MD5 you specified is not valid.");
    }
  }

  private static void put(OssExchange x, OssBucket bucket) throws IOException, OssError {
    x.api = "PutObject";
    checkDigest(x, false);
    OssObject o = OssObject.normal(x.body, x.header("Content-Type"), userMetadata(x));
    if ("true".equalsIgnoreCase(x.header("x-oss-forbid-overwrite"))) {
      if (bucket.objects.putIfAbsent(x.key, o) != null) {
        throw new OssError(409, "FileAlreadyExists", "The object you specified already exists "
            + "and can not be overwritten.");
      }
    } else {
      bucket.objects.put(x.key, o);
    }
    written(x, o);
    x.send(200, null, null);
  }

  private static void written(OssExchange x, OssObject o) {
    x.header("ETag", o.quotedEtag());
    x.header("x-oss-hash-crc64ecma", o.crc64);
    x.header("Content-MD5", Base64.getEncoder().encodeToString(OssObject.md5(o.data)));
  }

  /** The object {@code x-oss-copy-source} names ({@code /bucket/key}, URL-encoded). */
  private static OssObject copySource(OssExchange x, OssServer server) throws OssError {
    String source = OssExchange.percentDecode(x.header("x-oss-copy-source"));
    String rest = source.startsWith("/") ? source.substring(1) : source;
    int slash = rest.indexOf('/');
    if (slash <= 0) {
      throw OssError.invalidArgument("Copy Source must mention the source bucket and key: "
          + "/sourcebucket/sourcekey.");
    }
    return stored(server.bucket(rest.substring(0, slash)), rest.substring(slash + 1));
  }

  private static void copy(OssExchange x, OssBucket bucket, OssServer server)
      throws IOException, OssError {
    x.api = "CopyObject";
    OssObject from = copySource(x, server);
    boolean replace = "REPLACE".equalsIgnoreCase(x.header("x-oss-metadata-directive"));
    OssObject o = OssObject.normal(from.data,
        replace ? x.header("Content-Type") : from.contentType,
        replace ? userMetadata(x) : from.userMetadata);
    bucket.objects.put(x.key, o);
    x.header("x-oss-hash-crc64ecma", o.crc64);
    x.sendXml(200, new OssXml(false).open("CopyObjectResult").text("ETag", o.quotedEtag())
        .text("LastModified", OssXml.iso8601(o.lastModifiedMillis)).close("CopyObjectResult"));
  }

  /** The headers that describe an object, as GetObject and HeadObject send them. */
  private static void describe(OssExchange x, OssObject o) {
    x.header("ETag", o.quotedEtag());
    x.header("Last-Modified", OssXml.rfc1123(o.lastModifiedMillis));
    x.header("x-oss-object-type", o.type);
    x.header("x-oss-hash-crc64ecma", o.crc64);
    x.header("x-oss-storage-class", "Standard");
    x.header("Content-Type", o.contentType);
    x.header("Accept-Ranges", "bytes");
    for (Map.Entry<String, String> m : o.userMetadata.entrySet()) {
      x.header(m.getKey(), m.getValue());
    }
  }

  private static void get(OssExchange x, OssBucket bucket)
      throws IOException, OssError {
    x.api = "GetObject";
    OssObject o = stored(bucket, x.key);
    describe(x, o);
    long[] range = OssRange.parse(x.header("Range"), o.data.length,
        "standard".equals(x.header("x-oss-range-behavior")));
    if (range == null) {
      x.send(200, o.data, o.contentType);
      return;
    }
    int from = (int) range[0];
    int to = (int) range[1];
    byte[] part = Arrays.copyOfRange(o.data, from, to + 1);
    x.header("Content-Range", "bytes " + from + "-" + to + "/" + o.data.length);
    x.send(206, part, o.contentType);
  }

  private static OssBucket.Upload upload(OssExchange x, OssBucket bucket) throws OssError {
    OssBucket.Upload u = bucket.uploads.get(x.param("uploadId", ""));
    if (u == null || !u.key.equals(x.key)) {
      throw OssError.noSuchUpload();
    }
    return u;
  }

  private static void initiate(OssExchange x, OssBucket bucket) throws IOException, OssError {
    x.api = "InitiateMultipartUpload";
    OssBucket.Upload u = new OssBucket.Upload(x.key, x.header("Content-Type"), userMetadata(x));
    bucket.uploads.put(u.id, u);
    boolean url = "url".equals(x.params.get("encoding-type"));
    OssXml xml = new OssXml(url).open("InitiateMultipartUploadResult");
    if (url) {
      xml.text("EncodingType", "url");
    }
    x.sendXml(200, xml.text("Bucket", bucket.name).name("Key", x.key)
        .text("UploadId", u.id).close("InitiateMultipartUploadResult"));
  }

  private static void uploadPart(OssExchange x, OssBucket bucket, OssServer server)
      throws IOException, OssError {
    OssBucket.Upload u = upload(x, bucket);
    int number;
    try {
      number = Integer.parseInt(x.param("partNumber", ""));
    } catch (NumberFormatException e) {
      number = 0;
    }
    if (number < 1 || number > 10000) {
      throw OssError.invalidArgument("Part number must be an integer between 1 and 10000, "
          + "inclusive.");
    }
    if (x.header("x-oss-copy-source") == null) {
      x.api = "UploadPart";
      checkDigest(x, false);
      OssObject part = OssObject.normal(x.body, null, new TreeMap<>());
      u.parts.put(number, part);
      written(x, part);
      x.send(200, null, null);
      return;
    }
    x.api = "UploadPartCopy";
    OssObject from = copySource(x, server);
    long[] range = OssRange.parse(x.header("x-oss-copy-source-range"), from.data.length, true);
    byte[] data = range == null ? from.data
        : Arrays.copyOfRange(from.data, (int) range[0], (int) range[1] + 1);
    OssObject part = OssObject.normal(data, null, new TreeMap<>());
    u.parts.put(number, part);
    x.sendXml(200, new OssXml(false).open("CopyPartResult")
        .text("LastModified", OssXml.iso8601(part.lastModifiedMillis))
        .text("ETag", part.quotedEtag()).close("CopyPartResult"));
  }

  private static void complete(OssExchange x, OssBucket bucket) throws IOException, OssError {
    x.api = "CompleteMultipartUpload";
    OssBucket.Upload u = upload(x, bucket);
    Element root;
    try {
      root = OssXml.parse(x.body);
    } catch (IOException e) {
      throw OssError.malformedXml();
    }
    List<String> numbers = OssXml.texts(root, "Part", "PartNumber");
    List<String> etags = OssXml.texts(root, "Part", "ETag");
    if (numbers.isEmpty()) {
      throw OssError.malformedXml();
    }
    ByteArrayOutputStream data = new ByteArrayOutputStream();
    ByteArrayOutputStream md5s = new ByteArrayOutputStream();
    List<OssObject> parts = new ArrayList<>();
    int previous = 0;
    for (int i = 0; i < numbers.size(); i++) {
      int n;
      try {
        n = Integer.parseInt(numbers.get(i).trim());
      } catch (NumberFormatException | NullPointerException e) {
        throw OssError.malformedXml();
      }
      if (n <= previous) {
        throw new OssError(400, "InvalidPartOrder", "The list of parts was not in ascending "
            + "order. Parts list must be specified in order by part number.");
      }
      previous = n;
      OssObject part = u.parts.get(n);
      String etag = etags.get(i) == null ? "" : etags.get(i).trim().replace("\"", "");
      if (part == null || !part.etag.equalsIgnoreCase(etag)) {
        throw new OssError(400, "InvalidPart", "One or more of the specified parts could not be "
            + "found or the specified entity tag might not have matched the part's entity tag.");
      }
      parts.add(part);
    }
    for (int i = 0; i < parts.size(); i++) {
      if (i < parts.size() - 1 && parts.get(i).data.length < MIN_PART) {
        throw new OssError(400, "EntityTooSmall", "Your proposed upload is smaller than the "
            + "minimum allowed size.");
      }
      data.write(parts.get(i).data, 0, parts.get(i).data.length);
      byte[] md5 = OssObject.md5(parts.get(i).data);
      md5s.write(md5, 0, md5.length);
    }
    OssObject o = new OssObject(data.toByteArray(),
        OssObject.hex(OssObject.md5(md5s.toByteArray())) + "-" + parts.size(), "Multipart",
        u.contentType, u.userMetadata);
    bucket.objects.put(u.key, o);
    bucket.uploads.remove(u.id);
    x.header("x-oss-hash-crc64ecma", o.crc64);
    boolean url = "url".equals(x.params.get("encoding-type"));
    OssXml xml = new OssXml(url).open("CompleteMultipartUploadResult");
    if (url) {
      xml.text("EncodingType", "url");
    }
    x.sendXml(200, xml.text("Location", "http://" + x.header("Host") + "/" + bucket.name + "/"
        + OssXml.urlEncode(u.key)).text("Bucket", bucket.name).name("Key", u.key)
        .text("ETag", o.quotedEtag()).close("CompleteMultipartUploadResult"));
  }

  private static void listParts(OssExchange x, OssBucket bucket) throws IOException, OssError {
    x.api = "ListParts";
    OssBucket.Upload u = upload(x, bucket);
    OssXml xml = new OssXml(false).open("ListPartsResult").text("Bucket", bucket.name)
        .text("Key", u.key).text("UploadId", u.id).text("IsTruncated", false);
    for (Map.Entry<Integer, OssObject> p : u.parts.entrySet()) {
      xml.open("Part").text("PartNumber", p.getKey())
          .text("LastModified", OssXml.iso8601(p.getValue().lastModifiedMillis))
          .text("ETag", p.getValue().quotedEtag()).text("Size", p.getValue().data.length)
          .close("Part");
    }
    x.sendXml(200, xml.close("ListPartsResult"));
  }
}
