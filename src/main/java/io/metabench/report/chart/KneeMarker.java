package io.metabench.report.chart;

import java.awt.BasicStroke;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import org.knowm.xchart.style.markers.Marker;

/**
 * A hollow ring, wider than the series markers, drawn around a knee point so that it stays
 * visible on top of the target's own marker, whatever that marker's shape and colour.
 */
final class KneeMarker extends Marker {
  private static final BasicStroke RING = new BasicStroke(2.5f);

  @Override
  public void paint(Graphics2D g, double x, double y, int markerSize) {
    g.setStroke(RING);
    double d = markerSize * 2.6;
    g.draw(new Ellipse2D.Double(x - d / 2, y - d / 2, d, d));
  }
}
