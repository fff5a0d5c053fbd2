package io.metabench.mapred;

import io.metabench.config.UserSettings;
import io.metabench.core.InvalidInputException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.api.records.QueueInfo;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How many of a job's maps can run at once, found before the job is submitted
 * (docs/mapreduce.md#maps-that-cannot-all-run-at-once): the maps meet at a barrier before each
 * phase, so maps that wait for a container would hold the others there until
 * {@code -barrierTimeout} and then be measured apart from them. A job asking for more maps than
 * fit is refused before anything is changed, in one line naming the maps asked, the maps that fit
 * and what to change.
 *
 * <ul>
 *   <li>The local job runner runs {@code mapreduce.local.map.tasks.maximum} maps at once
 *       (MetaBench sets it to {@code -maps} unless the user set it).
 *   <li>On YARN: the map containers ({@code mapreduce.map.memory.mb}) that fit in the free memory
 *       of the running NodeManagers after the ApplicationMaster's container, and within the
 *       queue's maximum capacity (its share of the cluster's memory, less what it already uses);
 *       also in their free vcores ({@code mapreduce.map.cpu.vcores}) when the configuration names
 *       the dominant-resource calculator, the only one that places containers by vcores. When the
 *       ResourceManager cannot be asked, the job is submitted with a warning.
 * </ul>
 *
 * <p>Stateless.
 */
final class MapCapacity {
  private static final Logger LOG = LoggerFactory.getLogger(MapCapacity.class);
  static final String LOCAL_MAPS_MAXIMUM = "mapreduce.local.map.tasks.maximum";
  private static final String MAP_MB = "mapreduce.map.memory.mb";
  private static final String MAP_VCORES = "mapreduce.map.cpu.vcores";
  private static final String AM_MB = "yarn.app.mapreduce.am.resource.mb";
  private static final String AM_VCORES = "yarn.app.mapreduce.am.resource.cpu-vcores";
  private static final String QUEUE = "mapreduce.job.queuename";
  private static final String CALCULATOR = "yarn.scheduler.capacity.resource-calculator";
  /** How long asking the ResourceManager may take before the job is submitted unchecked. */
  private static final long RM_WAIT_MILLIS = 15_000;

  private MapCapacity() {}

  /**
   * Refuses {@code maps} maps when fewer can run at once under {@code conf}.
   *
   * @throws InvalidInputException naming the maps asked, the maps that fit and what to change
   */
  static void check(int maps, Configuration conf) {
    String framework = conf.get(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME);
    if (MRConfig.LOCAL_FRAMEWORK_NAME.equals(framework)) {
      if (UserSettings.isSetByUser(conf, LOCAL_MAPS_MAXIMUM)) {
        refuseAbove(maps, conf.getInt(LOCAL_MAPS_MAXIMUM, 1), "the local job runner runs at most",
            "(" + LOCAL_MAPS_MAXIMUM + ")", "raise " + LOCAL_MAPS_MAXIMUM + " to " + maps
                + " or more");
      }
      return;
    }
    if (!MRConfig.YARN_FRAMEWORK_NAME.equals(framework)) {
      return;
    }
    int fit;
    try {
      fit = onYarn(conf);
    } catch (IOException | YarnException | RuntimeException e) {
      LOG.warn("could not ask the ResourceManager how many maps fit at once ({}); submitting {} "
          + "maps: if fewer run at once, the first wait at each barrier for -barrierTimeout",
          e.toString(), maps);
      return;
    }
    refuseAbove(maps, fit, "the cluster has room for", "at once (" + conf.getInt(MAP_MB, 1024)
        + " MB each, in queue " + conf.get(QUEUE, "default") + ", beside the ApplicationMaster)",
        "use a queue or "
        + "cluster with more free capacity, or smaller map containers (-D " + MAP_MB + ")");
  }

  private static void refuseAbove(int maps, int fit, String what, String detail, String change) {
    if (maps > fit) {
      throw new InvalidInputException("-maps " + maps + " needs " + maps + " maps running at "
          + "once to meet at each phase's barrier, but " + what + " " + fit + " " + detail
          + ": give -maps " + Math.max(1, fit) + " or fewer, or " + change
          + " (nothing was changed)");
    }
  }

  /** The maps that fit at once on the running NodeManagers and in the job's queue. */
  static int onYarn(Configuration conf) throws IOException, YarnException {
    Configuration c = new Configuration(conf);
    c.setLong("yarn.resourcemanager.connect.max-wait.ms", RM_WAIT_MILLIS);
    c.setLong("yarn.resourcemanager.connect.retry-interval.ms", 1000);
    YarnClient yarn = YarnClient.createYarnClient();
    yarn.init(c);
    yarn.start();
    try {
      long mapMb = c.getLong(MAP_MB, 1024);
      // The CapacityScheduler's default calculator places containers by memory alone; vcores
      // bound them only under the dominant-resource calculator.
      boolean vcoresCount = c.get(CALCULATOR, "").contains("Dominant");
      int mapVcores = vcoresCount ? c.getInt(MAP_VCORES, 1) : 0;
      List<long[]> free = new ArrayList<>();
      long totalMb = 0;
      for (NodeReport n : yarn.getNodeReports(NodeState.RUNNING)) {
        Resource cap = n.getCapability();
        Resource used = n.getUsed();
        totalMb += cap.getMemorySize();
        free.add(new long[] {cap.getMemorySize() - (used == null ? 0 : used.getMemorySize()),
            cap.getVirtualCores() - (used == null ? 0 : used.getVirtualCores())});
      }
      int fit = fitAfterMaster(free, c.getLong(AM_MB, 1536),
          vcoresCount ? c.getInt(AM_VCORES, 1) : 0, mapMb, mapVcores);
      QueueInfo queue = yarn.getQueueInfo(c.get(QUEUE, "default"));
      if (queue != null && queue.getMaximumCapacity() > 0) {
        // The queue's ceiling, as a share of the cluster, less what it uses now.
        double ceilingMb = queue.getMaximumCapacity() * totalMb;
        double usedMb = queue.getCurrentCapacity() * queue.getCapacity() * totalMb;
        long byQueue = (long) Math.floor((ceilingMb - usedMb - c.getLong(AM_MB, 1536)) / mapMb);
        fit = (int) Math.min(fit, Math.max(0, byQueue));
      }
      return fit;
    } finally {
      yarn.stop();
    }
  }

  /**
   * The map containers that fit in {@code free} ({memory MB, vcores} per node) once the
   * ApplicationMaster's container has taken the node with the most free memory that holds it.
   */
  static int fitAfterMaster(List<long[]> free, long amMb, int amVcores, long mapMb,
      int mapVcores) {
    int master = -1;
    for (int i = 0; i < free.size(); i++) {
      long[] n = free.get(i);
      if (n[0] >= amMb && n[1] >= amVcores && (master < 0 || n[0] > free.get(master)[0])) {
        master = i;
      }
    }
    if (master < 0) {
      return 0;
    }
    long fit = 0;
    for (int i = 0; i < free.size(); i++) {
      long mb = free.get(i)[0] - (i == master ? amMb : 0);
      long vcores = free.get(i)[1] - (i == master ? amVcores : 0);
      long byVcores = mapVcores <= 0 ? Long.MAX_VALUE : vcores / mapVcores;
      fit += Math.max(0, Math.min(mb / Math.max(1, mapMb), byVcores));
    }
    return (int) Math.min(Integer.MAX_VALUE, fit);
  }
}
