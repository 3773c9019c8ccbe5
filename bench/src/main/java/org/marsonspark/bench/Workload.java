package org.marsonspark.bench;

import java.util.List;

/** A standard workload (../shared/WORKLOADS.md) and the contenders that run it. */
interface Workload {
  String id();

  String description();

  /** The first contender is this project; the others are the references. */
  List<Contender> contenders(Env env);

  /** Relative tolerance between contenders' results (they may use different random streams). */
  default double tolerance() {
    return 1e-3;
  }
}
