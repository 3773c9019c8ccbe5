package org.marsonspark.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.spark.SecurityManager;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkException;
import org.apache.spark.SparkContext;
import org.apache.spark.rpc.RpcAddress;
import org.apache.spark.rpc.RpcEnv;
import org.apache.spark.storage.StorageLevel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.GroupBy;
import org.marsonspark.dataframe.Md;
import org.marsonspark.examples.MonteCarloPi;
import org.marsonspark.remote.Remote;
import org.marsonspark.remote.RemoteObject;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/**
 * Mars on a secured standalone cluster: the Master, the Worker, the executors and the driver
 * (this JVM) share a secret ({@code spark.authenticate}), encrypt every RPC and block transfer
 * ({@code spark.network.crypto.enabled}) and the files they write to local disk
 * ({@code spark.io.encryption.enabled}). The Mars workloads run unchanged and give the values
 * they give elsewhere; a client with a wrong secret, or none, is refused by the Master.
 */
class SecuredClusterIT {
  private static final String SECRET = "it-" + UUID.randomUUID();
  private static final long PI_N = 2_000_000;
  private static final long PI_ROWS_PER_CHUNK = 100_000;
  private static final long PI_SEED = 7;

  private static double piOnLocal;
  private static StandaloneCluster cluster;
  private static MarsSession session;

  /** The security settings every process of the cluster and the application share. */
  static Map<String, String> security(String secret) {
    Map<String, String> conf = new LinkedHashMap<>();
    conf.put("spark.authenticate", "true");
    conf.put("spark.authenticate.secret", secret);
    conf.put("spark.network.crypto.enabled", "true");
    conf.put("spark.io.encryption.enabled", "true");
    return conf;
  }

  @BeforeAll
  static void start() throws Exception {
    // the reference run first: one JVM holds one SparkContext at a time
    try (MarsSession local = MarsSession.local("local[2]", MarsOptions.defaults().withProgress(false))) {
      piOnLocal = MonteCarloPi.pi(PI_N, PI_ROWS_PER_CHUNK, PI_SEED).execute(local).fetch().getDouble(0);
    }
    cluster = StandaloneCluster.start("secured", 2, "1280m", security(SECRET));
    SparkConf conf = new SparkConf(false)
        .set("spark.executor.extraClassPath", ItSupport.joinPath(ItSupport.testClassPath()))
        .set("spark.executor.extraJavaOptions", String.join(" ", ItSupport.jvmOpens()))
        .set("spark.executor.cores", "1")
        .set("spark.executor.memory", "640m");
    security(SECRET).forEach(conf::set);
    session = MarsSession.local(cluster.masterUrl(), MarsOptions.defaults().withProgress(false), conf);
    SparkContext sc = session.sparkContext();
    ItSupport.awaitTrue(() -> sc.statusTracker().getExecutorInfos().length == 3, ItSupport.TIMEOUT,
        () -> "2 executors did not register" + cluster.logs(), null);
  }

  @AfterAll
  static void stop() {
    try {
      if (session != null) {
        session.close();
      }
    } finally {
      if (cluster != null) {
        cluster.close();
      }
    }
  }

  @Test
  void monteCarloPiRunsUnchanged() {
    double pi = MonteCarloPi.pi(PI_N, PI_ROWS_PER_CHUNK, PI_SEED).execute(session).fetch().getDouble(0);
    assertEquals(piOnLocal, pi, 0.0);
    assertEquals(Math.PI, pi, 0.01);
  }

  /** With blocks kept on disk only, every chunk goes through the encrypted local-disk store. */
  @Test
  void aDataFrameGroupbyRunsUnchangedWithItsChunksOnEncryptedDisk() {
    MarsSession onDisk = MarsSession.attach(session.spark(), session.options().withStorageLevel(StorageLevel.DISK_ONLY()));
    try {
      long rows = 60_000;
      Tensor i = Mt.arange(0, rows, 1, DType.INT64, ChunkSize.of(rows / 6));
      DataFrame df = Md.fromTensor(Mt.stack(List.of(i.mod(10), i), 1), List.of("k", "v"));
      DataFrame sums = df.groupby("k").method("shuffle").agg(GroupBy.named("s", "v", "sum")).execute(onDisk);
      List<Object> got = ItSupport.rows(sums.fetch());
      sums.release();
      Map<Long, Long> expected = new TreeMap<>();
      for (long v = 0; v < rows; v++) {
        expected.merge(v % 10, v, Long::sum);
      }
      assertEquals(expected.entrySet().stream().map(e -> List.of(e.getKey(), e.getValue())).toList(), got);
    } finally {
      onDisk.close();
      session.asDefault();
    }
  }

  @Test
  void aSpawnedCallRunsUnchanged() {
    RemoteObject<List<Long>> call = Remote.spawn((Long x) -> List.of(x * x, ProcessHandle.current().pid()), 12L);
    List<Long> got = call.execute(session).fetch();
    call.release();
    assertEquals(144L, got.get(0));
    assertNotEquals(ProcessHandle.current().pid(), got.get(1), "the call ran in an executor JVM");
  }

  @Test
  void aClientWithAWrongSecretIsRefused() {
    // the right secret connects: the refusals below are about the secret, not the harness
    connectToMaster(security(SECRET));
    // the Master closes the connection during the authentication handshake: the client's
    // outbox for it stops, and the endpoint lookup is dropped
    Exception e = assertThrows(SparkException.class, () -> connectToMaster(security("not-" + SECRET)));
    assertTrue(causes(e).contains("Message is dropped because Outbox is stopped"), causes(e));
  }

  @Test
  void aClientWithoutTheSecretIsRefused() {
    // asking for authentication without a secret fails at once, before any connection
    Map<String, String> noSecret = new LinkedHashMap<>(security(SECRET));
    noSecret.remove("spark.authenticate.secret");
    Exception local = assertThrows(IllegalArgumentException.class, () -> connectToMaster(noSecret));
    assertTrue(local.getMessage().contains("A secret key must be specified"), local.getMessage());
    // a client that does not authenticate at all is refused by the Master
    Exception e = assertThrows(SparkException.class, () -> connectToMaster(Map.of()));
    assertTrue(causes(e).contains("Expected SaslMessage, received something else"), causes(e));
  }

  /**
   * Does what a driver does first on a standalone cluster — open an RPC connection to the
   * Master's endpoint, as {@code StandaloneAppClient} does — with these settings.
   */
  private static void connectToMaster(Map<String, String> settings) {
    SparkConf conf = new SparkConf(false);
    settings.forEach(conf::set);
    SecurityManager security = new SecurityManager(conf, scala.Option.empty(),
        org.apache.spark.internal.config.package$.MODULE$.AUTH_SECRET_FILE());
    security.initializeAuth(); // as SparkEnv does: refuses spark.authenticate without a secret
    RpcEnv client = RpcEnv.create("it-client", "127.0.0.1", 0, conf, security, true);
    try {
      client.setupEndpointRef(RpcAddress.fromSparkURL(cluster.masterUrl()), "Master");
    } finally {
      client.shutdown();
      client.awaitTermination();
    }
  }

  /** The messages of an exception and its causes, one per line. */
  private static String causes(Throwable t) {
    StringBuilder sb = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      sb.append(c.getClass().getName()).append(": ").append(c.getMessage()).append('\n');
    }
    return sb.toString();
  }
}
