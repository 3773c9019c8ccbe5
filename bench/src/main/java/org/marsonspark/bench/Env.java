package org.marsonspark.bench;

import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import org.marsonspark.session.MarsSession;

/** What workloads run in: the Mars session (embedded local[*]), its Spark, and the scripts. */
record Env(MarsSession mars, SparkSession spark, Path python, boolean quick, int cores) {}
