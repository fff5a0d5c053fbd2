package io.metabench.testing.oss;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UnsupportedEncodingException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The XML OSS speaks: documents written as OSS writes them (no namespace, which the OSS SDK
 * refuses; {@code encoding-type=url} honoured by URL-encoding the named fields), and the request
 * bodies it reads (DeleteMultipleObjects, CompleteMultipartUpload). Not thread-safe: one per
 * response.
 */
final class OssXml {
  private final StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  private final boolean urlEncoded;

  OssXml(boolean urlEncoded) {
    this.urlEncoded = urlEncoded;
  }

  OssXml open(String tag) {
    b.append('<').append(tag).append('>');
    return this;
  }

  OssXml close(String tag) {
    b.append("</").append(tag).append('>');
    return this;
  }

  /** An element holding text, escaped. */
  OssXml text(String tag, Object value) {
    b.append('<').append(tag).append('>').append(escape(String.valueOf(value)))
        .append("</").append(tag).append('>');
    return this;
  }

  /** An element holding a key or prefix: URL-encoded when the request asked for it. */
  OssXml name(String tag, String value) {
    return text(tag, urlEncoded ? urlEncode(value) : value);
  }

  byte[] bytes() {
    return b.toString().getBytes(StandardCharsets.UTF_8);
  }

  static String escape(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (char c : s.toCharArray()) {
      switch (c) {
        case '<': out.append("&lt;"); break;
        case '>': out.append("&gt;"); break;
        case '&': out.append("&amp;"); break;
        case '"': out.append("&quot;"); break;
        case '\'': out.append("&apos;"); break;
        default: out.append(c);
      }
    }
    return out.toString();
  }

  /** URL encoding as OSS applies it to keys: spaces as {@code %20}, {@code /} kept. */
  static String urlEncode(String s) {
    try {
      return URLEncoder.encode(s, "UTF-8").replace("+", "%20").replace("*", "%2A")
          .replace("%7E", "~").replace("%2F", "/");
    } catch (UnsupportedEncodingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** ISO 8601 with milliseconds, as listings give LastModified. */
  static String iso8601(long millis) {
    SimpleDateFormat f = new SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", Locale.US);
    f.setTimeZone(TimeZone.getTimeZone("UTC"));
    return f.format(new Date(millis));
  }

  /** RFC 1123, as headers give dates. */
  static String rfc1123(long millis) {
    SimpleDateFormat f = new SimpleDateFormat("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US);
    f.setTimeZone(TimeZone.getTimeZone("GMT"));
    return f.format(new Date(millis));
  }

  /** A request body's root element, or an {@link IOException} when it is not well-formed XML. */
  static Element parse(byte[] body) throws IOException {
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      Document d = f.newDocumentBuilder().parse(new ByteArrayInputStream(body));
      return d.getDocumentElement();
    } catch (ParserConfigurationException | SAXException e) {
      throw new IOException("malformed XML: " + e.getMessage(), e);
    }
  }

  /** The text of each {@code child} element under each {@code parent} element of {@code root}. */
  static List<String> texts(Element root, String parent, String child) {
    List<String> out = new ArrayList<>();
    NodeList parents = root.getElementsByTagName(parent);
    for (int i = 0; i < parents.getLength(); i++) {
      NodeList c = ((Element) parents.item(i)).getElementsByTagName(child);
      out.add(c.getLength() == 0 ? null : c.item(0).getTextContent());
    }
    return out;
  }
}
