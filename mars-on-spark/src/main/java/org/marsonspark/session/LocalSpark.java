package org.marsonspark.session;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkContext$;
import org.apache.spark.sql.SparkSession;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import scala.Option;
import scala.Tuple2;

/**
 * The Spark that {@link MarsSession#local} sessions run on. Spark allows one SparkContext per
 * JVM: the first {@code local(master)} starts it; a second one while it runs shares it — when it
 * asks for the same master and no setting that differs — and it stops when the last session using
 * it closes, so closing one session never stops Spark under another. Asking for another master
 * (or other settings) while it runs, or calling {@code local} while a SparkContext that Mars did
 * not start runs, is an error that says what to do.
 */
final class LocalSpark {
  /** The running one, or null. Guarded by the class. */
  private static LocalSpark running;

  private final SparkSession spark;
  private final String master;
  private int sessions;

  private LocalSpark(SparkSession spark, String master) {
    this.spark = spark;
    this.master = master;
  }

  /** A Spark for one more local session: started, or the running one shared. */
  static synchronized SparkSession acquire(SparkConf conf) {
    String master = conf.get("spark.master");
    if (running != null && running.spark.sparkContext().isStopped()) {
      running = null; // stopped under its sessions (they are closed now)
    }
    if (running == null) {
      Option<SparkContext> active = SparkContext$.MODULE$.getActive();
      if (active.isDefined()) {
        SparkContext other = active.get();
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "MarsSession.local(\"" + master + "\"): a SparkContext ("
            + other.master() + ", app " + other.appName() + ") that Mars did not start runs in this JVM, and Spark "
            + "allows one per JVM: run Mars on it with MarsSession.attach(sparkSession), or stop it first");
      }
      SparkSession spark = SparkSession.builder().config(conf).getOrCreate();
      spark.sparkContext().setLogLevel("WARN");
      running = new LocalSpark(spark, master);
    } else {
      running.checkCompatible(conf);
    }
    running.sessions++;
    return running.spark;
  }

  /** Whether {@code spark} is the running local Spark and one session, the last, uses it. */
  static synchronized boolean lastUser(SparkSession spark) {
    return running != null && running.spark == spark && running.sessions == 1;
  }

  /** One session using {@code spark} closed: the last one stops it. */
  static synchronized void release(SparkSession spark) {
    if (running == null || running.spark != spark) {
      return;
    }
    if (--running.sessions == 0) {
      running = null;
      spark.stop();
    }
  }

  private void checkCompatible(SparkConf wanted) {
    if (!master.equals(wanted.get("spark.master"))) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "MarsSession.local(\"" + wanted.get("spark.master")
          + "\"): an open Mars session runs Spark " + master + " in this JVM, and Spark allows one SparkContext per "
          + "JVM: close that session first (its results go with it), or ask for \"" + master + "\" to share its Spark");
    }
    SparkConf have = spark.sparkContext().getConf();
    List<String> differ = new ArrayList<>();
    for (Tuple2<String, String> kv : wanted.getAll()) {
      String current = have.get(kv._1(), null);
      if (!kv._2().equals(current)) {
        differ.add(kv._1() + "=" + kv._2() + " (running: " + current + ")");
      }
    }
    if (!differ.isEmpty()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "MarsSession.local(\"" + master + "\"): the Spark an open "
          + "Mars session started runs with other settings, which a SparkContext cannot change: " + differ
          + "; close that session first, or ask for the same settings");
    }
  }
}
