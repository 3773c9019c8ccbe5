package org.marsonspark.plan;

import java.util.List;
import java.util.ServiceLoader;
import org.marsonspark.core.OpNode;

/**
 * Rewrites the operations of one subtask before it is shipped — typically replacing a chain of
 * element-wise chunk ops by one generated loop. Modules provide rewriters through
 * {@link ServiceLoader}; they run only when fusion is on. A rewriter must compute exactly the
 * same chunks: same outputs, same values.
 */
public interface SubtaskRewriter {
  /**
   * @param nodes the subtask's nodes, producers before consumers, the subtask's output node last
   * @return the nodes to run instead (producers first; the last must produce the subtask's outputs)
   */
  List<OpNode> rewrite(List<OpNode> nodes);

  /** Every rewriter on the class path, in a stable order. */
  static List<SubtaskRewriter> installed() {
    return ServiceLoader.load(SubtaskRewriter.class, SubtaskRewriter.class.getClassLoader()).stream()
        .map(ServiceLoader.Provider::get)
        .sorted(java.util.Comparator.comparing(r -> r.getClass().getName()))
        .toList();
  }
}
