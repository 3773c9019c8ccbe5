package org.marsonspark.examples;

import java.util.Arrays;

/** Entry point of {@code bin/run-example}: the first argument names the example. */
public final class Examples {
  private Examples() {}

  public static void main(String[] args) throws Exception {
    String name = args.length == 0 ? "pi" : args[0];
    String[] rest = args.length == 0 ? args : Arrays.copyOfRange(args, 1, args.length);
    switch (name) {
      case "pi" -> MonteCarloPi.main(rest);
      case "outofcore" -> OutOfCore.main(rest);
      case "remote-pi" -> RemotePi.main(rest);
      case "hyperparam" -> HyperParameterSearch.main(rest);
      case "spawn-throughput" -> SpawnThroughput.main(rest);
      case "douban-data" -> DoubanData.main(rest);
      case "douban" -> DoubanDemo.main(rest);
      case "kmeans" -> KMeansExample.main(rest);
      case "knn" -> NearestNeighborsExample.main(rest);
      default -> {
        System.err.println("unknown example '" + name + "'; available: pi, outofcore, remote-pi, hyperparam,"
            + " spawn-throughput, douban-data, douban, kmeans, knn");
        System.exit(2);
      }
    }
  }
}
