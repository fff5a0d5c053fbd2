package io.metabench.testing.oss;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.aliyun.oss.ClientBuilderConfiguration;
import com.aliyun.oss.OSS;
import com.aliyun.oss.OSSClientBuilder;
import com.aliyun.oss.OSSException;
import com.aliyun.oss.common.comm.Protocol;
import com.aliyun.oss.common.utils.CRC64;
import com.aliyun.oss.model.CompleteMultipartUploadRequest;
import com.aliyun.oss.model.DeleteObjectsRequest;
import com.aliyun.oss.model.GetObjectRequest;
import com.aliyun.oss.model.InitiateMultipartUploadRequest;
import com.aliyun.oss.model.ListObjectsRequest;
import com.aliyun.oss.model.ListObjectsV2Request;
import com.aliyun.oss.model.ListObjectsV2Result;
import com.aliyun.oss.model.OSSObject;
import com.aliyun.oss.model.OSSObjectSummary;
import com.aliyun.oss.model.ObjectListing;
import com.aliyun.oss.model.ObjectMetadata;
import com.aliyun.oss.model.PartETag;
import com.aliyun.oss.model.UploadPartRequest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The OSS test server held to what Alibaba's own client (the OSS SDK hadoop-aliyun uses) expects
 * of OSS: signatures checked, errors by OSS's codes, a directory marker apart from the object of
 * the same name, listings paged in both versions with delimiters and URL-encoded names, ranges,
 * CRC-64 as the SDK computes it, multipart upload with OSS's part rules, copy, batch delete.
 */
class OssServerTest {
  private static final String BUCKET = "metabench-unit";
  private static OssServer server;
  private static OSS client;

  @BeforeAll
  static void start() throws IOException {
    server = OssServer.start(BUCKET);
    client = client(OssServer.ACCESS_KEY_ID, OssServer.ACCESS_KEY_SECRET);
  }

  @AfterAll
  static void stop() {
    client.shutdown();
    server.close();
  }

  private static OSS client(String id, String secret) {
    ClientBuilderConfiguration conf = new ClientBuilderConfiguration();
    conf.setProtocol(Protocol.HTTP);
    conf.setMaxErrorRetry(0);
    return new OSSClientBuilder().build(server.endpoint(), id, secret, conf);
  }

  private static void put(String key, byte[] data) {
    client.putObject(BUCKET, key, new ByteArrayInputStream(data));
  }

  private static byte[] read(InputStream in) throws IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    byte[] buf = new byte[4096];
    for (int n; (n = in.read(buf)) > 0;) {
      out.write(buf, 0, n);
    }
    in.close();
    return out.toByteArray();
  }

  @Test
  void aWrongSecretOrAnUnknownKeyIsRefusedAsOssRefusesThem() {
    OSS wrongSecret = client(OssServer.ACCESS_KEY_ID, "not-the-secret");
    OSS unknownId = client("someone-else", OssServer.ACCESS_KEY_SECRET);
    try {
      assertThatThrownBy(() -> wrongSecret.putObject(BUCKET, "refused", new ByteArrayInputStream(
          new byte[1]))).isInstanceOfSatisfying(OSSException.class,
              e -> assertThat(e.getErrorCode()).isEqualTo("SignatureDoesNotMatch"));
      assertThatThrownBy(() -> unknownId.listObjects(BUCKET)).isInstanceOfSatisfying(
          OSSException.class, e -> assertThat(e.getErrorCode()).isEqualTo("InvalidAccessKeyId"));
    } finally {
      wrongSecret.shutdown();
      unknownId.shutdown();
    }
    assertThat(client.doesObjectExist(BUCKET, "refused")).isFalse();
  }

  @Test
  void aBucketThatDoesNotExistIsNoSuchBucket() {
    assertThatThrownBy(() -> client.listObjects("no-such-bucket")).isInstanceOfSatisfying(
        OSSException.class, e -> assertThat(e.getErrorCode()).isEqualTo("NoSuchBucket"));
  }

  @Test
  void aDirectoryMarkerAndAnObjectOfTheSameNameAreTwoKeys() throws IOException {
    put("twins/a", new byte[] {1});
    put("twins/a/", new byte[0]);
    ObjectListing l = client.listObjects(new ListObjectsRequest(BUCKET, "twins/", null, "/", 100));
    assertThat(l.getObjectSummaries()).extracting(OSSObjectSummary::getKey)
        .containsExactly("twins/a");
    assertThat(l.getCommonPrefixes()).containsExactly("twins/a/");
    assertThat(read(client.getObject(BUCKET, "twins/a").getObjectContent())).containsExactly(1);
    assertThat(client.getObjectMetadata(BUCKET, "twins/a/").getContentLength()).isZero();
    assertThatThrownBy(() -> client.getObjectMetadata(BUCKET, "twins/b"))
        .isInstanceOf(OSSException.class);
  }

  /** 3 files at the top and 5 directories of 4: listed by pages of 4 in both versions. */
  @Test
  void listingsPageInBothVersionsWithADelimiterAndEncodedNames() {
    List<String> expectedTop = new ArrayList<>();
    for (int d = 0; d < 5; d++) {
      for (int f = 0; f < 4; f++) {
        put("paged/dir " + d + "/file\u00e9" + f, new byte[0]);
      }
      expectedTop.add("paged/dir " + d + "/");
    }
    for (int f = 0; f < 3; f++) {
      put("paged/top+" + f, new byte[0]);
      expectedTop.add("paged/top+" + f);
    }
    List<String> v1 = new ArrayList<>();
    String marker = null;
    int pages = 0;
    do {
      ListObjectsRequest r = new ListObjectsRequest(BUCKET, "paged/", marker, "/", 4);
      r.setEncodingType("url");
      ObjectListing l = client.listObjects(r);
      // Asked for URL-encoded names, the client decodes them, the next marker too.
      l.getObjectSummaries().forEach(s -> v1.add(decode(s.getKey())));
      l.getCommonPrefixes().forEach(p -> v1.add(decode(p)));
      marker = l.isTruncated() ? decode(l.getNextMarker()) : null;
      pages++;
    } while (marker != null);
    assertThat(pages).isEqualTo(2);
    assertThat(new TreeSet<>(v1)).containsExactlyElementsOf(new TreeSet<>(expectedTop));
    assertThat(v1).hasSize(8);

    List<String> v2 = new ArrayList<>();
    String token = null;
    do {
      ListObjectsV2Request r = new ListObjectsV2Request(BUCKET, "paged/");
      r.setMaxKeys(3);
      r.setContinuationToken(token);
      ListObjectsV2Result l = client.listObjectsV2(r);
      assertThat(l.getKeyCount()).isLessThanOrEqualTo(3);
      l.getObjectSummaries().forEach(s -> v2.add(s.getKey()));
      token = l.isTruncated() ? l.getNextContinuationToken() : null;
    } while (token != null);
    assertThat(v2).hasSize(23).isSorted().contains("paged/dir 4/file\u00e93");
  }

  private static String decode(String s) {
    try {
      return java.net.URLDecoder.decode(s, "UTF-8");
    } catch (java.io.UnsupportedEncodingException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void rangesAndChecksumsAreOsss() throws IOException {
    byte[] data = new byte[10_000];
    new Random(7).nextBytes(data);
    put("ranged", data);
    CRC64 crc = new CRC64();
    crc.update(data, data.length);
    assertThat(Crc64.of(data)).isEqualTo(Long.toUnsignedString(crc.getValue()));
    // The SDK compares its CRC of what it read with the server's header on a whole read.
    OSSObject whole = client.getObject(BUCKET, "ranged");
    assertThat(read(whole.getObjectContent())).isEqualTo(data);
    assertThat(whole.getServerCRC()).isEqualTo(crc.getValue());
    GetObjectRequest part = new GetObjectRequest(BUCKET, "ranged");
    part.setRange(100, 199);
    assertThat(read(client.getObject(part).getObjectContent()))
        .isEqualTo(Arrays.copyOfRange(data, 100, 200));
    // A range past the end is ignored: OSS sends the whole object.
    GetObjectRequest past = new GetObjectRequest(BUCKET, "ranged");
    past.setRange(20_000, 30_000);
    assertThat(read(client.getObject(past).getObjectContent())).hasSize(10_000);
  }

  @Test
  void multipartUploadsFollowOsssPartRules() throws IOException {
    byte[] first = new byte[OssObjectApi.MIN_PART];
    byte[] second = {1, 2, 3};
    new Random(3).nextBytes(first);
    String id = client.initiateMultipartUpload(
        new InitiateMultipartUploadRequest(BUCKET, "multi")).getUploadId();
    List<PartETag> tags = new ArrayList<>();
    tags.add(upload("multi", id, 1, first));
    tags.add(upload("multi", id, 2, second));
    client.completeMultipartUpload(new CompleteMultipartUploadRequest(BUCKET, "multi", id, tags));
    ObjectMetadata meta = client.getObjectMetadata(BUCKET, "multi");
    assertThat(meta.getContentLength()).isEqualTo(first.length + 3);
    assertThat(meta.getObjectType()).isEqualTo("Multipart");
    assertThat(meta.getETag()).endsWith("-2");
    byte[] back = read(client.getObject(BUCKET, "multi").getObjectContent());
    assertThat(Arrays.copyOfRange(back, first.length, back.length)).containsExactly(1, 2, 3);

    // Every part but the last must be 100 KB or more.
    String small = client.initiateMultipartUpload(
        new InitiateMultipartUploadRequest(BUCKET, "small")).getUploadId();
    List<PartETag> smallTags = Arrays.asList(upload("small", small, 1, second),
        upload("small", small, 2, second));
    assertThatThrownBy(() -> client.completeMultipartUpload(new CompleteMultipartUploadRequest(
        BUCKET, "small", small, smallTags))).isInstanceOfSatisfying(OSSException.class,
            e -> assertThat(e.getErrorCode()).isEqualTo("EntityTooSmall"));
    client.abortMultipartUpload(new com.aliyun.oss.model.AbortMultipartUploadRequest(BUCKET,
        "small", small));
    assertThatThrownBy(() -> upload("small", small, 3, second)).isInstanceOfSatisfying(
        OSSException.class, e -> assertThat(e.getErrorCode()).isEqualTo("NoSuchUpload"));
    assertThat(client.doesObjectExist(BUCKET, "small")).isFalse();
  }

  private static PartETag upload(String key, String id, int number, byte[] data) {
    UploadPartRequest r = new UploadPartRequest(BUCKET, key, id, number,
        new ByteArrayInputStream(data), data.length);
    return client.uploadPart(r).getPartETag();
  }

  @Test
  void copyAndBatchDeleteAndTheServersCountOfThem() {
    put("copy/src", new byte[] {9, 8});
    server.resetCounts();
    client.copyObject(BUCKET, "copy/src", BUCKET, "copy/dst");
    DeleteObjectsRequest d = new DeleteObjectsRequest(BUCKET);
    d.setKeys(Arrays.asList("copy/src", "copy/dst", "copy/never-was"));
    d.setQuiet(false);
    assertThat(client.deleteObjects(d).getDeletedObjects())
        .containsExactly("copy/src", "copy/dst", "copy/never-was");
    assertThat(client.listObjects(BUCKET, "copy/").getObjectSummaries()).isEmpty();
    assertThat(server.requestsServed()).containsEntry("CopyObject", 1L)
        .containsEntry("DeleteMultipleObjects", 1L).containsEntry("ListObjects", 1L);
  }
}
