package io.metabench.report.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;

/** Checks shared by the chart tests. */
final class ChartAssertions {
  static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

  private ChartAssertions() {}

  /**
   * Parses {@code xml} without loading anything: no DTD (the encoder's doctype names one on the
   * web), no external entities. Fails the test when it is not well-formed.
   */
  static Document parseXml(byte[] xml) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    f.setValidating(false);
    f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    f.setFeature("http://xml.org/sax/features/external-general-entities", false);
    f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    f.setXIncludeAware(false);
    f.setExpandEntityReferences(false);
    DocumentBuilder b = f.newDocumentBuilder();
    b.setEntityResolver((publicId, systemId) -> {
      throw new IOException("tried to load " + systemId);
    });
    return b.parse(new ByteArrayInputStream(xml));
  }

  static Document parseXml(String xml) throws Exception {
    return parseXml(xml.getBytes(StandardCharsets.UTF_8));
  }

  /** An SVG document whose root element is {@code svg}, of more than {@code minBytes}. */
  static void assertSvg(byte[] svg, int minBytes) throws Exception {
    assertThat(svg.length).isGreaterThan(minBytes);
    Document d = parseXml(svg);
    assertThat(d.getDocumentElement().getLocalName()).isEqualTo("svg");
    assertThat(d.getDocumentElement().getNamespaceURI()).isEqualTo("http://www.w3.org/2000/svg");
  }
}
