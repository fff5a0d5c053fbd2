package io.metabench.fs;

import static org.assertj.core.api.Assertions.assertThat;

import com.aliyun.oss.HttpMethod;
import com.aliyun.oss.common.comm.RequestMessage;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The OSS API a request of the OSS SDK's own ({@code RequestMessage}, as its signers get them) is
 * counted under, for each way OSS tells its APIs apart; and a request that does not say its parts
 * is counted, not failed.
 */
class OssRequestsTest {
  private static RequestMessage request(HttpMethod method, String key, String params,
      String header) {
    RequestMessage r = new RequestMessage("mb", key);
    r.setKey(key);
    r.setMethod(method);
    Map<String, String> p = new LinkedHashMap<>();
    for (String kv : params.isEmpty() ? new String[0] : params.split("&")) {
      String[] two = kv.split("=", 2);
      p.put(two[0], two.length > 1 ? two[1] : null);
    }
    r.setParameters(p);
    r.setHeaders(header == null ? Collections.<String, String>emptyMap()
        : Collections.singletonMap(header, "/mb/src"));
    return r;
  }

  private static String api(HttpMethod method, String key, String params, String header)
      throws Exception {
    return OssRequests.api(request(method, key, params, header));
  }

  @Test
  void objectRequestsAreToldApartAsOssDoes() throws Exception {
    assertThat(api(HttpMethod.PUT, "a/b", "", null)).isEqualTo("PutObject");
    assertThat(api(HttpMethod.PUT, "a/b", "", "X-Oss-Copy-Source")).isEqualTo("CopyObject");
    assertThat(api(HttpMethod.PUT, "a/b", "partNumber=2&uploadId=u1", null))
        .isEqualTo("UploadPart");
    assertThat(api(HttpMethod.PUT, "a/b", "partNumber=2&uploadId=u1", "x-oss-copy-source"))
        .isEqualTo("UploadPartCopy");
    assertThat(api(HttpMethod.GET, "a/b", "", null)).isEqualTo("GetObject");
    assertThat(api(HttpMethod.GET, "a/b", "uploadId=u1", null)).isEqualTo("ListParts");
    assertThat(api(HttpMethod.HEAD, "a/b", "", null)).isEqualTo("HeadObject");
    assertThat(api(HttpMethod.HEAD, "a/b", "objectMeta", null)).isEqualTo("GetObjectMeta");
    assertThat(api(HttpMethod.DELETE, "a/b", "", null)).isEqualTo("DeleteObject");
    assertThat(api(HttpMethod.DELETE, "a/b", "uploadId=u1", null))
        .isEqualTo("AbortMultipartUpload");
    assertThat(api(HttpMethod.POST, "a/b", "uploads", null)).isEqualTo("InitiateMultipartUpload");
    assertThat(api(HttpMethod.POST, "a/b", "uploadId=u1", null))
        .isEqualTo("CompleteMultipartUpload");
  }

  @Test
  void bucketRequestsAreToldApartAsOssDoes() throws Exception {
    assertThat(api(HttpMethod.GET, null, "list-type=2&prefix=a/", null))
        .isEqualTo("ListObjectsV2");
    assertThat(api(HttpMethod.GET, "", "prefix=a/&delimiter=/", null)).isEqualTo("ListObjects");
    assertThat(api(HttpMethod.GET, null, "uploads", null)).isEqualTo("ListMultipartUploads");
    assertThat(api(HttpMethod.GET, null, "bucketInfo", null)).isEqualTo("GetBucketInfo");
    assertThat(api(HttpMethod.POST, null, "delete", null)).isEqualTo("DeleteMultipleObjects");
    assertThat(api(HttpMethod.HEAD, null, "", null)).isEqualTo("HEADBucket");
  }

  /** What the SDK's signer might be handed that is no request message: counted all the same. */
  @Test
  void aRequestThatDoesNotSayItsPartsIsCountedAsARequest() {
    assertThat(OssRequests.apiOrRequest("not a request")).isEqualTo("request");
    assertThat(OssRequests.apiOrRequest(request(HttpMethod.GET, "k", "", null)))
        .isEqualTo("GetObject");
  }
}
