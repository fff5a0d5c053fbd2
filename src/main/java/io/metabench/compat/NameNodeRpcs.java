package io.metabench.compat;

import java.io.Closeable;
import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import javax.net.SocketFactory;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.GlobalStorageStatistics;
import org.apache.hadoop.fs.StorageStatistics;
import org.apache.hadoop.io.retry.RetryPolicy;
import org.apache.hadoop.ipc.AlignmentContext;
import org.apache.hadoop.ipc.Client;
import org.apache.hadoop.ipc.ProtocolMetaInfoPB;
import org.apache.hadoop.ipc.ProtocolProxy;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.ipc.RpcEngine;
import org.apache.hadoop.ipc.RpcInvocationHandler;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.SecretManager;
import org.apache.hadoop.security.token.TokenIdentifier;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * Counts the RPCs this JVM's HDFS clients send to NameNodes (and to Routers), by method, as the
 * NameNode names them ({@code Create}, {@code Complete}, {@code AddBlock}, {@code GetFileInfo}):
 * what a create of an empty file costs the NameNode is a create and a complete, where the HDFS
 * client's own statistics count one {@code create} call. The count is made by an RPC engine for
 * the client protocol ({@link Engine}, set by {@link #countIn}) that hands every call to the
 * engine the client would have used (Hadoop 3.3 and later: {@code ProtobufRpcEngine2}; before:
 * {@code ProtobufRpcEngine}) through a proxy that adds one to the method's counter on the calling
 * thread; the DataStreamer's {@code AddBlock}s and the lease renewer's calls are counted too.
 *
 * <p>Hadoop keeps one RPC engine per protocol per JVM, chosen by the first client or server of
 * that protocol made in it: the counts exist only where MetaBench's configuration made the first
 * (its own processes; a map task whose framework made an HDFS client before MetaBench did has
 * none). {@link #STATISTICS} is registered once the engine has made its first proxy, so counts
 * that exist are this JVM's every call; where it is not registered, nothing was counted, and the
 * reports say the counts are the client's {@code FileSystem} calls instead.
 *
 * <p>Thread-safe; the counters are JVM-wide, as Hadoop's own client statistics are.
 */
public final class NameNodeRpcs {
  /** The key naming the client protocol's RPC engine ({@code RPC.setProtocolEngine}'s). */
  public static final String ENGINE_KEY =
      "rpc.engine.org.apache.hadoop.hdfs.protocolPB.ClientNamenodeProtocolPB";
  /** The name of the storage statistics the counts are registered under. */
  public static final String STATISTICS = "MetaBenchNameNodeRpcs";
  /**
   * The prefix of each count's name: {@code rpc.Create}; failed calls add {@code .failures},
   * calls a standby (or observer) NameNode sent back, which an HA client retries on another,
   * {@code .standby}.
   */
  public static final String PREFIX = "rpc.";
  /**
   * The prefix of the count of calls each NameNode (or Router) served, by its RPC address:
   * {@code rpcTo.127.0.0.1:8020}; with HA, which of them (active, observer) answered.
   */
  public static final String SERVED_BY = "rpcTo.";

  private static final ConcurrentMap<String, LongAdder> COUNTS = new ConcurrentHashMap<>();
  private static final AtomicBoolean REGISTERED = new AtomicBoolean();
  private static final AtomicBoolean PRIMED = new AtomicBoolean();

  private NameNodeRpcs() {
  }

  /**
   * Makes {@code conf}'s HDFS clients (and servers) count their RPCs, unless the key is set
   * otherwise. The first time, it also makes the counting engine this JVM's for the protocol
   * (the engine is chosen once per JVM): a Hadoop 3.1 client sets the key to its own engine
   * before every proxy it makes, so there only an engine already chosen counts.
   */
  public static void countIn(Configuration conf) {
    if (conf.get(ENGINE_KEY) == null) {
      conf.set(ENGINE_KEY, Engine.class.getName());
    }
    if (Engine.class.getName().equals(conf.get(ENGINE_KEY)) && PRIMED.compareAndSet(false, true)) {
      prime(conf);
    }
  }

  /**
   * Makes (and at once stops) one proxy of the client protocol with {@code conf}, so that Hadoop
   * chooses the counting engine for it now; it never connects. Where an engine was chosen before
   * (a map task's framework made an HDFS client first), or there is no HDFS client on the class
   * path, nothing changes and nothing is counted.
   */
  private static void prime(Configuration conf) {
    try {
      Class<?> protocol = Class.forName("org.apache.hadoop.hdfs.protocolPB.ClientNamenodeProtocolPB",
          false, NameNodeRpcs.class.getClassLoader());
      Object proxy = RPC.getProtocolProxy(protocol, RPC.getProtocolVersion(protocol),
          new InetSocketAddress("127.0.0.1", 1), UserGroupInformation.getCurrentUser(), conf,
          NetUtils.getDefaultSocketFactory(conf)).getProxy();
      RPC.stopProxy(proxy);
    } catch (ClassNotFoundException | IOException | RuntimeException | LinkageError e) {
      // No HDFS client here, or one that cannot make the proxy: its RPCs are not counted, and
      // the reports say the counts are its FileSystem calls.
    }
  }

  private static void register() {
    if (REGISTERED.compareAndSet(false, true)) {
      GlobalStorageStatistics.INSTANCE.put(STATISTICS, Statistics::new);
    }
  }

  /** Each method's counters (made once, then found without building a name on each call). */
  private static final ConcurrentMap<Method, LongAdder[]> BY_METHOD = new ConcurrentHashMap<>();

  /** Counter indexes of a method's outcomes. */
  private static final int OK = 0;
  private static final int FAILED = 1;
  private static final int STANDBY = 2;

  private static void count(Method method, int outcome) {
    BY_METHOD.computeIfAbsent(method, m -> {
      String name = PREFIX + Character.toUpperCase(m.getName().charAt(0))
          + m.getName().substring(1);
      return new LongAdder[] {COUNTS.computeIfAbsent(name, k -> new LongAdder()),
          COUNTS.computeIfAbsent(name + ".failures", k -> new LongAdder()),
          COUNTS.computeIfAbsent(name + ".standby", k -> new LongAdder())};
    })[outcome].increment();
  }

  /**
   * Whether {@code e} (or what it wraps: the engines throw the server's {@code RemoteException}
   * inside a {@code ServiceException}) says a standby or observer NameNode would not serve the
   * call: the HA client then retries it on another NameNode, so it is a failover, not a failure.
   */
  static boolean refusedByStandby(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String name = t instanceof org.apache.hadoop.ipc.RemoteException
          ? ((org.apache.hadoop.ipc.RemoteException) t).getClassName() : t.getClass().getName();
      if (name.equals("org.apache.hadoop.ipc.StandbyException")
          || name.equals("org.apache.hadoop.ipc.ObserverRetryOnActiveException")) {
        return true;
      }
    }
    return false;
  }

  /** The counts as Hadoop's storage statistics, scheme {@code hdfs}. */
  private static final class Statistics extends StorageStatistics {
    Statistics() {
      super(STATISTICS);
    }

    @Override
    public String getScheme() {
      return "hdfs";
    }

    @Override
    public Iterator<LongStatistic> getLongStatistics() {
      List<LongStatistic> all = new ArrayList<>();
      for (Map.Entry<String, LongAdder> e : new TreeMap<>(COUNTS).entrySet()) {
        all.add(new LongStatistic(e.getKey(), e.getValue().sum()));
      }
      return all.iterator();
    }

    @Override
    public Long getLong(String key) {
      LongAdder n = COUNTS.get(key);
      return n == null ? null : n.sum();
    }

    @Override
    public boolean isTracked(String key) {
      return COUNTS.containsKey(key);
    }

    @Override
    public void reset() {
      // Counts only rise: a window's calls are the difference of two readings.
    }
  }

  /**
   * The client protocol's RPC engine that counts: every method of Hadoop's {@code RpcEngine} of
   * each line, handed to the engine the HDFS client uses there. Made by Hadoop (public, with a
   * public constructor), once per JVM.
   */
  public static final class Engine implements RpcEngine {
    private final RpcEngine delegate;

    public Engine() {
      Class<?> engine;
      try {
        engine = Class.forName("org.apache.hadoop.ipc.ProtobufRpcEngine2", true,
            RpcEngine.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        engine = org.apache.hadoop.ipc.ProtobufRpcEngine.class;
      }
      this.delegate = (RpcEngine) ReflectionUtils.newInstance(engine, null);
    }

    @Override
    public <T> ProtocolProxy<T> getProxy(Class<T> protocol, long clientVersion,
        InetSocketAddress addr, UserGroupInformation ticket, Configuration conf,
        SocketFactory factory, int rpcTimeout, RetryPolicy connectionRetryPolicy)
        throws IOException {
      return counting(protocol, delegate.getProxy(protocol, clientVersion, addr, ticket, conf,
          factory, rpcTimeout, connectionRetryPolicy), address(addr));
    }

    @Override
    public <T> ProtocolProxy<T> getProxy(Class<T> protocol, long clientVersion,
        InetSocketAddress addr, UserGroupInformation ticket, Configuration conf,
        SocketFactory factory, int rpcTimeout, RetryPolicy connectionRetryPolicy,
        AtomicBoolean fallbackToSimpleAuth, AlignmentContext alignmentContext)
        throws IOException {
      return counting(protocol, delegate.getProxy(protocol, clientVersion, addr, ticket, conf,
          factory, rpcTimeout, connectionRetryPolicy, fallbackToSimpleAuth, alignmentContext),
          address(addr));
    }

    /** Hadoop 3.3 and later only: no earlier line has this method, so none calls it. */
    @Override
    public <T> ProtocolProxy<T> getProxy(Class<T> protocol, long clientVersion,
        Client.ConnectionId connId, Configuration conf, SocketFactory factory,
        AlignmentContext alignmentContext) throws IOException {
      // ConnectionId says its address only in its text ("host/127.0.0.1:8020").
      String id = String.valueOf(connId);
      return counting(protocol, Since330.getProxy(delegate, protocol, clientVersion, connId, conf,
          factory, alignmentContext), id.substring(id.indexOf('/') + 1));
    }

    @Override
    public RPC.Server getServer(Class<?> protocol, Object instance, String bindAddress, int port,
        int numHandlers, int numReaders, int queueSizePerHandler, boolean verbose,
        Configuration conf, SecretManager<? extends TokenIdentifier> secretManager,
        String portRangeConfig, AlignmentContext alignmentContext) throws IOException {
      return delegate.getServer(protocol, instance, bindAddress, port, numHandlers, numReaders,
          queueSizePerHandler, verbose, conf, secretManager, portRangeConfig, alignmentContext);
    }

    @Override
    public ProtocolProxy<ProtocolMetaInfoPB> getProtocolMetaInfoProxy(Client.ConnectionId connId,
        Configuration conf, SocketFactory factory) throws IOException {
      return delegate.getProtocolMetaInfoProxy(connId, conf, factory);
    }

    /** {@code 127.0.0.1:8020}: how a served count names the server. */
    private static String address(InetSocketAddress addr) {
      return addr.getHostString() + ":" + addr.getPort();
    }

    private static <T> ProtocolProxy<T> counting(Class<T> protocol, ProtocolProxy<T> made,
        String to) {
      register();
      T inner = made.getProxy();
      InvocationHandler innerHandler = Proxy.getInvocationHandler(inner);
      @SuppressWarnings("unchecked")
      T outer = (T) Proxy.newProxyInstance(protocol.getClassLoader(), new Class<?>[] {protocol},
          new Counting(inner, innerHandler, to));
      // The protobuf engines make theirs without server method checks.
      return new ProtocolProxy<>(protocol, outer, false);
    }
  }

  /** Counts each call, then makes it through the engine's own proxy. */
  private static final class Counting implements RpcInvocationHandler {
    private final Object inner;
    private final InvocationHandler innerHandler;
    /** Calls this proxy's NameNode served. */
    private final LongAdder served;

    Counting(Object inner, InvocationHandler innerHandler, String to) {
      this.inner = inner;
      this.innerHandler = innerHandler;
      this.served = COUNTS.computeIfAbsent(SERVED_BY + to, k -> new LongAdder());
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
      if (method.getDeclaringClass() == Object.class) {
        return method.invoke(inner, args);
      }
      try {
        Object result = method.invoke(inner, args);
        count(method, OK);
        served.increment();
        return result;
      } catch (InvocationTargetException e) {
        count(method, refusedByStandby(e.getCause()) ? STANDBY : FAILED);
        throw e.getCause();
      }
    }

    @Override
    public Client.ConnectionId getConnectionId() {
      return ((RpcInvocationHandler) innerHandler).getConnectionId();
    }

    @Override
    public void close() throws IOException {
      if (innerHandler instanceof Closeable) {
        ((Closeable) innerHandler).close();
      }
    }
  }

  /** The engine method Hadoop 3.3 added; loaded only when Hadoop calls it (3.3 and later). */
  @NeedsProbe("RpcEngine.getProxy(ConnectionId) (3.3.0): called only by a line that has it")
  private static final class Since330 {
    static <T> ProtocolProxy<T> getProxy(RpcEngine engine, Class<T> protocol, long clientVersion,
        Client.ConnectionId connId, Configuration conf, SocketFactory factory,
        AlignmentContext alignmentContext) throws IOException {
      return engine.getProxy(protocol, clientVersion, connId, conf, factory, alignmentContext);
    }
  }
}
