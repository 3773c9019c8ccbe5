package org.marsonspark.exec;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.SparkContext;
import org.apache.spark.rdd.RDD;
import org.apache.spark.resource.ResourceProfile;
import org.apache.spark.resource.ResourceProfileBuilder;
import org.apache.spark.resource.TaskResourceRequests;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.ResourceRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Honours {@link ResourceRequest}s through Spark's stage-level scheduling: an RDD of subtasks
 * that need more than the defaults gets a task resource profile ({@code cpus}, {@code gpu}),
 * so Spark gives each of its tasks that many cores and GPUs.
 *
 * <p>Spark accepts task profiles on standalone (and {@code local-cluster}), YARN and Kubernetes
 * clusters, not in {@code local[n]} mode. Whether this Spark accepts them is asked once, of
 * Spark itself; where it does not, requests are not applied and one warning says so.
 */
public final class ResourceProfiles {
  private static final Logger LOG = LoggerFactory.getLogger(ResourceProfiles.class);
  private static final String GPU = "gpu";
  private static final String EXECUTOR_GPUS = "spark.executor.resource.gpu.amount";

  private final SparkContext sc;
  private final Map<ResourceRequest, ResourceProfile> profiles = new ConcurrentHashMap<>();
  private volatile String unsupportedReason;
  private volatile boolean probed;

  public ResourceProfiles(SparkContext sc) {
    this.sc = sc;
  }

  /** The Spark task resource profile of a request. */
  public static ResourceProfile profileOf(ResourceRequest request) {
    TaskResourceRequests task = new TaskResourceRequests().cpus(request.cpus());
    if (request.gpus() > 0) {
      task = task.resource(GPU, request.gpus());
    }
    return new ResourceProfileBuilder().require(task).build();
  }

  /**
   * Attaches the profile of {@code request} to {@code rdd}. Returns whether it did: never for
   * the default request, and not where this Spark cannot schedule by profile (then warns once).
   */
  public boolean apply(RDD<?> rdd, ResourceRequest request) {
    if (request.isDefault()) {
      return false;
    }
    if (!supported()) {
      return false;
    }
    requireExecutorGpus(request);
    ResourceProfile profile = profiles.computeIfAbsent(request, ResourceProfiles::profileOf);
    try {
      rdd.withResources(profile);
    } catch (Exception e) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "Spark refuses tasks that ask for " + request + ": "
          + e.getMessage(), e);
    }
    return true;
  }

  /** Why requests are not applied here, or null when they are (or none was made yet). */
  public String unsupportedReason() {
    return unsupportedReason;
  }

  /** Whether Spark here schedules tasks by resource profile (probed once). */
  synchronized boolean supported() {
    if (!probed) {
      probed = true;
      try {
        // asks Spark's own rule with a plain task profile (2 cpus), on a throwaway RDD since
        // withResources sets the profile before it checks
        ResourceProfile probe = profiles.computeIfAbsent(new ResourceRequest(2, 0), ResourceProfiles::profileOf);
        sc.emptyRDD(Scala.classTag(Object.class)).withResources(probe);
      } catch (Exception e) {
        unsupportedReason = e.getMessage();
        LOG.warn("Mars on Spark: tasks asking for more cores or for GPUs run with the default task resources "
            + "on master {}: {} (stage-level scheduling needs a standalone, YARN or Kubernetes cluster)",
            sc.master(), e.getMessage());
      }
    }
    return unsupportedReason == null;
  }

  private void requireExecutorGpus(ResourceRequest request) {
    if (request.gpus() == 0) {
      return;
    }
    int perExecutor = sc.getConf().getInt(EXECUTOR_GPUS, 0);
    if (perExecutor < request.gpus()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "tasks ask for " + request.gpus() + " GPU(s) but executors have "
          + EXECUTOR_GPUS + "=" + perExecutor + ", so they would never be scheduled: start Spark with "
          + EXECUTOR_GPUS + " (and spark.executor.resource.gpu.discoveryScript), or do not ask for a GPU");
    }
  }
}
