package org.marsonspark.exec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntUnaryOperator;
import java.util.function.Predicate;
import org.apache.spark.SparkContext;
import org.apache.spark.rdd.RDD;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.Exchange;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.OpNode;
import org.marsonspark.core.PartitionSource;
import org.marsonspark.core.ResourceRequest;
import org.marsonspark.core.Shapes;
import org.marsonspark.plan.Subtask;
import org.marsonspark.plan.SubtaskRewriter;

/**
 * The Spark form of one run. Subtasks of one tileable operand at one depth (with one resource
 * request, {@link RddKey}) become the partitions of one persisted {@link ChunkRDD}, which carries
 * the request's Spark resource profile; cheap subtasks (a few thousand elements of work)
 * are packed several to a partition, so that thousands of trivial chunks do not cost thousands of
 * Spark tasks. A partition — a {@link Task} — is what the scheduler runs.
 */
final class RunPlan {
  /** Subtasks whose nodes produce at most this many elements in all are cheap enough to pack. */
  static final long CHEAP_ELEMENTS = 1 << 16;
  /**
   * Tasks whose inputs and outputs hold at most this many elements (the combine steps of a
   * reduction over small partials) run inside their consumer's Spark task.
   */
  static final long TINY_ELEMENTS = 1 << 15;

  /** One partition: subtasks of one operand and depth, run one after another in one Spark task. */
  static final class Task {
    final List<Subtask> subtasks;
    final int level;
    /** The RDD (group) this task is a partition of. */
    final Group group;
    int partition;
    /** Packed calls sharing their nodes with the stage's other tasks at run time ({@link SharedNodes}). */
    final boolean shared;
    final List<Chunk> outputs = new ArrayList<>();
    final List<Task> successors = new ArrayList<>();
    final List<Task> predecessors = new ArrayList<>();
    /**
     * Earlier partitions of this task's own RDD whose outputs it reads (a merged tail): not waited
     * for before submitting — the task waits for their blocks when it runs — but finished first.
     */
    final List<Task> siblings = new ArrayList<>();
    /**
     * Computed inside its only consumer's Spark task rather than by a job of its own: a cheap step
     * (a combine of small partials, say) that would otherwise cost a whole Spark job.
     */
    boolean inline;
    /** Non-inline tasks that wait for this one (through inline tasks). */
    final List<Task> waiting = new ArrayList<>();
    /** Inline tasks computed within this task, producers first. */
    final List<Task> inlined = new ArrayList<>();
    /** Non-inline tasks (reached through inline ones) still to finish before this can run. */
    int pendingInputs;
    ChunkRDD rdd;

    /**
     * An {@link Exchange}: never submitted — its map tasks write their pieces as the shuffle's
     * map side when the reduce tasks' job runs — done once its maps are, and holding its maps'
     * chunks until its consumers have run.
     */
    final boolean exchange;
    /** The Spark form of an exchange task (null for other tasks). */
    ShuffleExchange shuffle;

    Task(List<Subtask> subtasks, int level, Group group, int partition) {
      this.subtasks = new ArrayList<>(subtasks);
      this.exchange = subtasks.size() == 1 && subtasks.get(0).tail().op() instanceof Exchange;
      this.level = level;
      this.group = group;
      this.partition = partition;
      this.shared = subtasks.size() > 1 && subtasks.stream().allMatch(s -> s.tail().op().batchable());
      for (Subtask s : subtasks) {
        outputs.addAll(s.outputs());
      }
    }

    /** {@link #light()} and {@link #allTiny()}, worked out once, again only after {@link #absorb}. */
    private Boolean light;
    private Boolean allTiny;

    /**
     * Whether this is a light task. Asked of every task on every pass of the tail merge (a pass
     * per merged task), over packs of up to 10⁴ subtasks each: computed once.
     */
    boolean light() {
      if (light == null) {
        light = RunPlan.light(this);
      }
      return light;
    }

    /**
     * Whether every subtask is tiny ({@link RunPlan#isTiny}) and asks for no resources of its
     * own — what running inline needs of the work itself: computed once.
     */
    boolean allTiny() {
      if (allTiny == null) {
        allTiny = subtasks.stream().allMatch(s -> isTiny(s) && plainResources(s));
      }
      return allTiny;
    }

    /** Takes over {@code m}'s subtasks and outputs after its own (a merged tail). */
    void absorb(Task m) {
      subtasks.addAll(m.subtasks);
      outputs.addAll(m.outputs);
      light = null;
      allTiny = null;
    }
  }

  /** How the subtasks of one RDD are laid out as its tasks, chosen once per RDD ({@link #place}). */
  enum Shape {
    /** An all-to-all step: a Spark shuffle, never a job of its own. */
    EXCHANGE("exchange"),
    /** A task per subtask. */
    ALONE("a task each"),
    /** Cheap subtasks, consecutive ones packed into about four tasks per slot. */
    PACKED("packed"),
    /** Generated reductions in packs whose sizes differ by one at most, about four per slot. */
    EVEN_PACKS("even packs"),
    /** A task per slot, of about equal input each. */
    PER_SLOT("a task per slot"),
    /** Spawned calls, a task per slot, taking over each other's calls at run time. */
    SHARED_CALLS("shared calls");

    final String label;

    Shape(String label) {
      this.label = label;
    }
  }

  /** The one decision of how an RDD's subtasks become tasks: the shape, why, and the packs. */
  record Placement(Shape shape, String reason, List<List<Subtask>> packs) {}

  /** One RDD of the plan (or one exchange): its subtasks' key, their placement and its tasks. */
  static final class Group {
    final RddKey key;
    final Placement placement;
    /** Its tasks, partition order; empty once merged into another group's tasks. */
    final List<Task> tasks = new ArrayList<>();
    /** The group whose last task took over this group's tasks (a merged tail), or null. */
    Group mergedInto;

    Group(RddKey key, Placement placement) {
      this.key = key;
      this.placement = placement;
    }
  }

  final List<Task> tasks = new ArrayList<>();
  final List<Group> groups = new ArrayList<>();
  final List<ChunkRDD> rdds = new ArrayList<>();
  /** The exchange tasks, each a Spark shuffle. */
  final List<Task> exchanges = new ArrayList<>();
  final int subtasks;

  private RunPlan(int subtasks) {
    this.subtasks = subtasks;
  }

  /**
   * Plans a run in named passes: {@link #levels depth}, {@link #group grouping and placement},
   * {@link #link dependencies and inline steps}, {@link #mergeTails tail merging} (one JVM only),
   * {@link #placeSources source placement} (with locality), then the RDDs themselves.
   *
   * @param dryRun build the RDDs only (for {@code explain}): nothing is persisted or referenced
   */
  static RunPlan build(SparkContext sc, ChunkStore store, ClusterView cluster, List<SubtaskRewriter> rewriters,
      ResourceProfiles profiles, List<Subtask> subtasks, Set<Long> targets, GraphRunner.Settings settings,
      boolean dryRun, org.apache.spark.util.LongAccumulator remoteReads) {
    Map<Long, Subtask> producer = producers(subtasks);
    Map<Subtask, Integer> levelOf = levels(subtasks, producer, store::isMaterialized);
    RunPlan plan = group(subtasks, levelOf, producer, cluster.singleJvm(),
        cpus -> Math.max(1, sc.defaultParallelism() / (cpus > 1 && profiles.supported() ? cpus : 1)));
    link(plan.tasks, producer, targets);
    if (cluster.singleJvm()) {
      mergeTails(plan, producer, targets);
    }
    List<String> executors = settings.locality() ? cluster.executors() : List.of();
    Map<Task, String> placed = settings.locality() ? placeSources(plan.tasks, executors) : Map.of();
    plan.buildRdds(sc, store, settings.fusion() ? rewriters : List.of(), producer, placed, Set.copyOf(executors),
        settings, profiles, remoteReads, dryRun);
    // each subtask holds a reference on each input until it has run
    for (Subtask s : dryRun ? List.<Subtask>of() : subtasks) {
      for (Chunk in : s.externalInputs()) {
        store.retain(in);
      }
    }
    return plan;
  }

  /** Which subtask makes each output chunk, by chunk key. */
  static Map<Long, Subtask> producers(List<Subtask> subtasks) {
    Map<Long, Subtask> producer = new HashMap<>();
    for (Subtask s : subtasks) {
      for (Chunk out : s.outputs()) {
        producer.put(out.key(), s);
      }
    }
    return producer;
  }

  /**
   * Pass 1, depth: 0 for a subtask reading only materialized chunks, else one more than its
   * deepest producer's. Subtasks come producers first; an input neither planned nor
   * materialized is a planner bug.
   */
  static Map<Subtask, Integer> levels(List<Subtask> subtasks, Map<Long, Subtask> producer,
      Predicate<Chunk> materialized) {
    Map<Subtask, Integer> levelOf = new IdentityHashMap<>();
    for (Subtask s : subtasks) {
      int lvl = 0;
      for (Chunk in : s.externalInputs()) {
        Subtask p = producer.get(in.key());
        if (p != null) {
          lvl = Math.max(lvl, levelOf.get(p) + 1);
        } else if (!materialized.test(in)) {
          throw new MarsException(ErrorClass.INTERNAL, "input " + in + " of " + s + " is neither planned nor materialized");
        }
      }
      levelOf.put(s, lvl);
    }
    return levelOf;
  }

  /**
   * Pass 2, grouping and placement: subtasks of one {@link RddKey} (operand, depth, resources)
   * form a group — an RDD — whose tasks are the packs its {@link #place placement} chose.
   *
   * @param slotsFor tasks the cluster runs at once for tasks asking for so many cores
   */
  static RunPlan group(List<Subtask> subtasks, Map<Subtask, Integer> levelOf, Map<Long, Subtask> producer,
      boolean singleJvm, IntUnaryOperator slotsFor) {
    RunPlan plan = new RunPlan(subtasks.size());
    Map<RddKey, List<Subtask>> byKey = new LinkedHashMap<>();
    List<Subtask> byLevel = new ArrayList<>(subtasks);
    byLevel.sort(Comparator.comparingInt(levelOf::get));
    for (Subtask s : byLevel) {
      byKey.computeIfAbsent(RddKey.of(s, levelOf.get(s)), k -> new ArrayList<>()).add(s);
    }
    for (Map.Entry<RddKey, List<Subtask>> e : byKey.entrySet()) {
      List<Subtask> members = e.getValue();
      Placement placement = place(members, slotsFor.applyAsInt(e.getKey().resources().cpus()), singleJvm, producer);
      Group g = new Group(e.getKey(), placement);
      for (List<Subtask> pack : placement.packs()) {
        Task t = new Task(pack, levelOf.get(pack.get(0)), g, g.tasks.size());
        g.tasks.add(t);
        plan.tasks.add(t);
      }
      plan.groups.add(g);
    }
    return plan;
  }

  /**
   * The one placement decision: how the subtasks of one RDD become its tasks, and why.
   * Cheap subtasks go about four to a slot; generated reductions ({@link #generatesTinyOutput})
   * too, in even packs; reductions of stored chunks in one JVM ({@link #reducesStoredChunks}) a
   * task per slot; more spawned calls than slots a task per slot, whose tasks share their calls at
   * run time ({@link SharedNodes}: a task that runs out of calls takes over calls other tasks have
   * not started), so they balance like a pool of threads while each core pays for one Spark task
   * rather than one per call; anything else a task each.
   *
   * @param slots tasks the cluster runs at once (cores, divided by the cores each task asks for)
   */
  static Placement place(List<Subtask> members, int slots, boolean singleJvm, Map<Long, Subtask> producer) {
    int n = members.size();
    slots = Math.max(1, slots);
    if (members.get(0).tail().op() instanceof Exchange) {
      return new Placement(Shape.EXCHANGE, "all-to-all: map outputs exchanged through one Spark shuffle",
          List.of(members));
    }
    if (singleJvm && n > slots && members.stream().allMatch(m -> reducesStoredChunks(m, producer))) {
      return new Placement(Shape.PER_SLOT, n + " reductions of stored chunks in one JVM: one task per slot ("
          + slots + "), of about equal input", packByInput(members, slots));
    }
    boolean calls = members.stream().allMatch(s -> s.tail().op().batchable());
    if (calls && n > slots) {
      return new Placement(Shape.SHARED_CALLS, n + " spawned calls over " + slots
          + " slots: one task per slot, sharing calls at run time", consecutive(members, slots));
    }
    int packs = 4 * slots;
    if (!calls && n > packs && members.stream().allMatch(RunPlan::generatesTinyOutput)) {
      return new Placement(Shape.EVEN_PACKS, n + " generated reductions (reading nothing, tiny output): "
          + packs + " even packs, 4 per slot", evenPacks(members, packs));
    }
    if (!calls && n > packs && members.stream().allMatch(RunPlan::isCheap)) {
      return new Placement(Shape.PACKED, n + " cheap subtasks (at most " + CHEAP_ELEMENTS
          + " elements of work each): packed into about 4 tasks per slot", consecutive(members, packs));
    }
    String why = calls ? "no more spawned calls than slots (" + slots + ")"
        : n <= packs ? "no more subtasks than 4 per slot (" + packs + ")"
        : "subtasks with more than " + CHEAP_ELEMENTS + " elements of work";
    return new Placement(Shape.ALONE, why, members.stream().map(List::of).toList());
  }

  /** {@link #place}'s packs alone, with the slots of a cluster of several JVMs. */
  static List<List<Subtask>> pack(List<Subtask> members, int slots) {
    return place(members, slots, false, Map.of()).packs();
  }

  /** Consecutive packs of {@code ceil(n / packs)} members, the last one smaller. */
  private static List<List<Subtask>> consecutive(List<Subtask> members, int packs) {
    int n = members.size();
    int size = (n + packs - 1) / packs;
    List<List<Subtask>> out = new ArrayList<>();
    for (int i = 0; i < n; i += size) {
      out.add(members.subList(i, Math.min(n, i + size)));
    }
    return out;
  }

  /**
   * Pass 3, dependencies: (re)computes which tasks each task waits for, which partitions of its
   * own RDD it reads (a merged tail's siblings), and which run inline ({@link #markInline}).
   */
  static void link(List<Task> tasks, Map<Long, Subtask> producer, Set<Long> targets) {
    Map<Subtask, Task> taskOf = new IdentityHashMap<>();
    for (Task t : tasks) {
      t.subtasks.forEach(s -> taskOf.put(s, t));
      t.successors.clear();
      t.predecessors.clear();
      t.siblings.clear();
      t.waiting.clear();
      t.inlined.clear();
      t.inline = false;
      t.pendingInputs = 0;
    }
    for (Task t : tasks) {
      Set<Task> preds = Collections.newSetFromMap(new IdentityHashMap<>());
      for (Subtask s : t.subtasks) {
        for (Chunk in : s.externalInputs()) {
          Subtask p = producer.get(in.key());
          Task from = p == null ? null : taskOf.get(p);
          if (from != null && from != t && from.group == t.group) {
            if (!t.siblings.contains(from)) {
              t.siblings.add(from);
            }
          } else if (from != null && from != t && preds.add(from)) {
            from.successors.add(t);
            t.predecessors.add(from);
          }
        }
      }
    }
    markInline(tasks, targets);
  }

  /**
   * Pass 4, tail merging, where every task runs in one JVM: a light consumer of one RDD's
   * partitions moves into the last of them ({@link #mergeTail}) until none can. Each step removes
   * a task, so the fixed point is reached within as many steps as there were tasks.
   */
  static void mergeTails(RunPlan plan, Map<Long, Subtask> producer, Set<Long> targets) {
    int bound = plan.tasks.size();
    for (int step = 0; mergeTail(plan.tasks); step++) {
      if (step >= bound) {
        throw new MarsException(ErrorClass.INTERNAL, "tail merging did not settle within " + bound + " steps");
      }
      link(plan.tasks, producer, targets);
    }
  }

  /**
   * Moves one light task — spawned calls, or a tiny step — whose producers are all partitions of
   * one RDD into the last of those partitions, where it runs after that partition's own work and
   * reads the other partitions' outputs ({@link SubtaskPartition.Input#sibling}) from the slots of
   * the tasks computing them in this JVM, or from their blocks ({@link SharedNodes#siblingOutput}). This saves the consumer's Spark job: a
   * spawned {@code calcPi} over the calls of one stage, or a reduction's final combine, finishes
   * with the stage. The inline steps the light task computes (a reduction's lower combines) move
   * with it, so a whole combine tree over one RDD's partials finishes in that RDD's job. Only
   * where every task runs in one JVM: elsewhere a sibling partition still running on another
   * executor would be computed a second time. Returns whether a task moved.
   */
  private static boolean mergeTail(List<Task> tasks) {
    for (Task c : tasks) {
      if (c.inline || c.exchange || c.predecessors.isEmpty() || !c.light()) {
        continue;
      }
      // c with the inline steps it computes (a reduction's lower combines, producers first): they move together
      List<Task> moving = new ArrayList<>(c.inlined);
      moving.add(c);
      Set<Task> inside = Collections.newSetFromMap(new IdentityHashMap<>());
      inside.addAll(moving);
      List<Task> producers = new ArrayList<>();
      for (Task m : moving) {
        for (Task p : m.predecessors) {
          if (!inside.contains(p)) {
            producers.add(p);
          }
        }
      }
      Group group = producers.isEmpty() ? null : producers.get(0).group;
      if (producers.isEmpty() || producers.stream().anyMatch(p -> p.group != group || p.inline || p.exchange)) {
        continue;
      }
      Task into = producers.stream().max(Comparator.comparingInt((Task p) -> p.partition)).orElseThrow();
      if (!resources(into).equals(resources(c)) || moving.stream().anyMatch(m -> m != c && !m.light())) {
        continue;
      }
      for (Task m : moving) { // producers first, as in tasks
        into.absorb(m);
        tasks.remove(m);
        List<Task> own = m.group.tasks;
        own.remove(m);
        for (int i = 0; i < own.size(); i++) {
          own.get(i).partition = i;
        }
        if (own.isEmpty()) {
          m.group.mergedInto = into.group;
        }
      }
      return true;
    }
    return false;
  }

  /**
   * Pass 5, source placement (with locality): tasks that read nothing go next to their
   * consumers, spread over the executors alive now. Tasks reading an external RDD are left to
   * Spark, which follows that RDD's preferred locations; an exchange runs nowhere, so the sources
   * of its maps are spread.
   */
  static Map<Task, String> placeSources(List<Task> tasks, List<String> executors) {
    List<Task> sources = tasks.stream().filter(t -> t.subtasks.stream()
        .allMatch(s -> s.externalInputs().isEmpty() && s.nodes().stream()
            .noneMatch(n -> n.op() instanceof PartitionSource))).toList();
    Map<Task, List<Task>> consumers = new IdentityHashMap<>();
    tasks.forEach(t -> consumers.put(t, t.successors));
    List<Task> consumerOrder = tasks.stream().filter(t -> !t.predecessors.isEmpty() && !t.exchange).toList();
    return Locality.placeSources(sources, consumers, consumerOrder, executors);
  }

  /** Pass 6: the Spark form of each group — a shuffle, or an RDD — producers first. */
  private void buildRdds(SparkContext sc, ChunkStore store, List<SubtaskRewriter> rewriters,
      Map<Long, Subtask> producer, Map<Task, String> placed, Set<String> live, GraphRunner.Settings settings,
      ResourceProfiles profiles, org.apache.spark.util.LongAccumulator remoteReads, boolean dryRun) {
    Map<Subtask, Task> taskOf = new IdentityHashMap<>();
    tasks.forEach(t -> t.subtasks.forEach(s -> taskOf.put(s, t)));
    for (Group g : groups) {
      List<Task> groupTasks = g.tasks;
      if (groupTasks.isEmpty()) {
        continue; // all merged into their producers' tasks
      }
      if (groupTasks.get(0).exchange) {
        Task x = groupTasks.get(0);
        x.shuffle = newExchange(sc, store, x, producer, taskOf, !dryRun);
        exchanges.add(x);
        continue;
      }
      ChunkRDD rdd = newRdd(sc, store, rewriters, groupTasks, producer, taskOf, remoteReads, !dryRun);
      if (settings.locality() && g.placement.shape() == Shape.SHARED_CALLS && live.size() > 1) {
        rdd.setLocality(Locality.anywhere(store, live));
      } else if (settings.locality()) {
        List<List<Chunk>> inputs = new ArrayList<>();
        String[] assigned = new String[groupTasks.size()];
        for (Task t : groupTasks) {
          LinkedHashSet<Chunk> ext = new LinkedHashSet<>();
          t.subtasks.forEach(s -> ext.addAll(s.externalInputs()));
          inputs.add(new ArrayList<>(ext));
          assigned[t.partition] = placed.get(t);
        }
        rdd.setLocality(new Locality(store, inputs, assigned, live));
      }
      if (!dryRun) {
        rdd.persist(settings.storageLevel());
        profiles.apply(rdd, g.key.resources());
      }
      groupTasks.forEach(t -> t.rdd = rdd);
      rdds.add(rdd);
    }
  }

  /** The plan as a user reads it: a line per RDD or exchange, producers first. */
  List<PlanStage> stages() {
    List<PlanStage> out = new ArrayList<>();
    for (Group g : groups) {
      Subtask first = g.placement.packs().get(0).get(0);
      Chunk chunk = first.outputs().get(0);
      int members = g.placement.packs().stream().mapToInt(List::size).sum();
      int inline = (int) g.tasks.stream().filter(t -> t.inline).count();
      String shape;
      String reason = g.placement.reason();
      if (g.mergedInto != null) {
        Group into = g.mergedInto;
        while (into.mergedInto != null) {
          into = into.mergedInto;
        }
        Subtask host = into.placement.packs().get(0).get(0);
        shape = "merged tail";
        reason = "light, reading one RDD's partitions: runs in the last task of " + host.tail().op().name()
            + " at depth " + into.tasks.get(0).level;
      } else if (inline == g.tasks.size()) {
        shape = "inline";
        reason = "tiny, with one consumer: computed inside its consumer's task";
      } else {
        shape = g.placement.shape().label + (inline > 0 ? ", " + inline + " inline" : "");
      }
      out.add(new PlanStage(g.key.level(), first.tail().op().name(), first.nodes().size(),
          chunk.hasUnknownShape() ? "unknown" : Arrays.toString(chunk.shape()), members, g.tasks.size(), shape,
          reason, g.key.resources().toString()));
    }
    return out;
  }

  /** Spawned calls (they wait for their inputs anyway) or tiny steps, with no external RDD to read. */
  private static boolean light(Task t) {
    return t.subtasks.stream().allMatch(s -> s.nodes().stream().noneMatch(n -> n.op() instanceof PartitionSource)
        && (s.nodes().stream().allMatch(n -> n.op().batchable()) || isTiny(s)));
  }

  private static ResourceRequest resources(Task t) {
    ResourceRequest r = ResourceRequest.DEFAULT;
    for (Subtask s : t.subtasks) {
      for (OpNode n : s.nodes()) {
        r = r.max(n.op().resources());
      }
    }
    return r;
  }

  /**
   * Marks cheap tasks with a single consumer (and no target among their outputs) to run inside
   * that consumer, then works out, for the others, what they wait for and what they compute inline.
   * Tasks come producers first.
   */
  private static void markInline(List<Task> tasks, Set<Long> targets) {
    // a partition a merged tail reads runs as its own partition: its siblings find its block
    Set<Task> readBySiblings = Collections.newSetFromMap(new IdentityHashMap<>());
    tasks.forEach(t -> readBySiblings.addAll(t.siblings));
    for (Task t : tasks) {
      if (readBySiblings.contains(t)) {
        t.inline = false;
        continue;
      }
      // never inline work of unknown cost (spawned calls) or work that asks for its own resources
      // an exchange's maps write its shuffle: they are tasks of their own
      t.inline = !t.exchange && t.successors.size() == 1 && t.successors.get(0).group != t.group
          && !t.successors.get(0).exchange
          && t.allTiny()
          && t.outputs.stream().noneMatch(c -> targets.contains(c.key()));
    }
    for (Task t : tasks) {
      if (t.inline) {
        continue;
      }
      // walk back through inline producers: they run here; the non-inline tasks behind them are waited for
      Set<Task> waitsFor = Collections.newSetFromMap(new IdentityHashMap<>());
      Set<Task> inside = Collections.newSetFromMap(new IdentityHashMap<>());
      java.util.ArrayDeque<Task> stack = new java.util.ArrayDeque<>(t.predecessors);
      while (!stack.isEmpty()) {
        Task p = stack.pop();
        if (p.inline) {
          if (inside.add(p)) {
            stack.addAll(p.predecessors);
          }
        } else {
          waitsFor.add(p);
        }
      }
      for (Task p : tasks) {
        if (inside.contains(p)) {
          t.inlined.add(p);
        }
      }
      t.pendingInputs = waitsFor.size();
      waitsFor.forEach(p -> p.waiting.add(t));
    }
  }

  /**
   * Which subtasks share an RDD: those of one tileable operand at one depth with the same
   * resource request. Subtasks ending in {@linkplain org.marsonspark.core.ChunkOp#batchable
   * batchable} ops share it across operands ({@code owner} -1), so that many independent calls
   * run as one job.
   */
  record RddKey(long owner, int level, ResourceRequest resources) {
    static RddKey of(Subtask s, int level) {
      ResourceRequest resources = ResourceRequest.DEFAULT;
      for (OpNode n : s.nodes()) {
        resources = resources.max(n.op().resources());
      }
      if (s.tail().op() instanceof Exchange) {
        return new RddKey(-2 - s.id(), level, resources); // each exchange alone
      }
      return new RddKey(s.tail().op().batchable() ? -1 : s.tail().owner(), level, resources);
    }
  }

  /**
   * {@code packs} packs of consecutive members whose sizes differ by one at most, the bigger
   * first, so that the slots, taking packs as they free, end together.
   */
  static List<List<Subtask>> evenPacks(List<Subtask> members, int packs) {
    int n = members.size();
    List<List<Subtask>> out = new ArrayList<>();
    int from = 0;
    for (int p = 0; p < packs; p++) {
      int to = from + n / packs + (p < n % packs ? 1 : 0);
      out.add(members.subList(from, to));
      from = to;
    }
    return out;
  }

  /**
   * Whether a subtask reads no chunk and makes a tiny output: a generated chain reduced in its
   * own loop (the random draws, arithmetic and partial sum of a Monte Carlo chunk). Its work is
   * in its loop, not in its data, and a Spark task costs several milliseconds here — as much as
   * a loop over 10⁶–10⁷ elements — so such subtasks go about four to a slot, in even packs.
   * They read nothing (no chunk, no Spark partition, no file), so no locality is lost.
   */
  private static boolean generatesTinyOutput(Subtask s) {
    if (!s.externalInputs().isEmpty() || !plainResources(s)
        || s.nodes().stream().anyMatch(n -> n.op() instanceof PartitionSource || n.op().externalBytes() > 0)) {
      return false; // reading a Spark partition or a file: where it runs matters
    }
    return tinyOutput(s);
  }

  /** Whether a subtask's outputs have known shapes and {@link #TINY_ELEMENTS} elements at most in all. */
  private static boolean tinyOutput(Subtask s) {
    long out = 0;
    for (Chunk c : s.outputs()) {
      if (c.hasUnknownShape()) {
        return false;
      }
      out += Shapes.size(c.shape());
    }
    return out <= TINY_ELEMENTS;
  }

  /**
   * Whether a subtask reads only chunks stored before this run and makes a tiny output: the map of
   * a reduction over held data, which an iterative fit runs once an iteration.
   */
  private static boolean reducesStoredChunks(Subtask s, Map<Long, Subtask> producer) {
    if (s.externalInputs().isEmpty() || !plainResources(s)) {
      return false;
    }
    for (Chunk c : s.externalInputs()) {
      if (producer.containsKey(c.key()) || c.hasUnknownShape()) {
        return false;
      }
    }
    return tinyOutput(s);
  }

  /**
   * One pack per slot of consecutive subtasks with about equal input elements each. Where all
   * tasks run in one JVM, a task costs some 5 ms of scheduling once the cores are busy (the
   * driver's threads wait for a time slice), as much as reducing a 10⁵-row block: a reduction
   * over held chunks (an iteration of a fit) runs as one task per core.
   */
  static List<List<Subtask>> packByInput(List<Subtask> members, int slots) {
    int n = members.size();
    long[] prefix = new long[n + 1];
    for (int i = 0; i < n; i++) {
      long w = 0;
      for (Chunk c : members.get(i).externalInputs()) {
        w += Math.max(1, Shapes.size(c.shape()));
      }
      prefix[i + 1] = prefix[i] + w;
    }
    List<List<Subtask>> out = new ArrayList<>();
    int from = 0;
    for (int p = 1; p <= slots; p++) {
      double target = (double) prefix[n] * p / slots;
      int to = from + 1;
      int most = n - (slots - p); // a member at least for each pack still to come
      while (to < most && Math.abs(prefix[to + 1] - target) <= Math.abs(prefix[to] - target)) {
        to++;
      }
      if (p == slots) {
        to = n;
      }
      out.add(members.subList(from, to));
      from = to;
    }
    return out;
  }

  private static boolean plainResources(Subtask s) {
    for (OpNode n : s.nodes()) {
      if (n.op().batchable() || !n.op().resources().equals(ResourceRequest.DEFAULT)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isTiny(Subtask s) {
    long elements = 0;
    for (Chunk c : s.externalInputs()) {
      elements += Math.max(0, Shapes.size(c.shape()));
      if (c.hasUnknownShape()) {
        return false;
      }
    }
    for (Chunk c : s.outputs()) {
      elements += Math.max(0, Shapes.size(c.shape()));
    }
    return elements <= TINY_ELEMENTS && isCheap(s);
  }

  /**
   * Whether a subtask moves and makes little data: its inputs plus everything its nodes produce
   * stay under {@link #CHEAP_ELEMENTS}. Inputs count too — a packed task reads all its subtasks'
   * inputs, so a reduction's map over big chunks (tiny output) is not cheap. A batchable op (a
   * spawned call) makes a subtask of unknown cost, never cheap.
   */
  private static boolean isCheap(Subtask s) {
    if (s.nodes().stream().anyMatch(n -> n.op().batchable())) {
      return false; // a call's cost is not in its data: never inline it, and pack it by its own rule
    }
    long work = 0;
    for (Chunk c : s.externalInputs()) {
      long size = Shapes.size(c.shape());
      if (size == Shapes.UNKNOWN) {
        return false;
      }
      work += size;
    }
    for (OpNode node : s.nodes()) {
      for (Chunk c : node.outputs()) {
        long size = Shapes.size(c.shape());
        if (size == Shapes.UNKNOWN) {
          return false;
        }
        work += size;
      }
    }
    return work <= CHEAP_ELEMENTS;
  }


  /** The position of {@code rdd} among a new RDD's parents, adding it when new. */
  private static int parentIndexOf(RDD<?> rdd, List<RDD<?>> parents, Map<RDD<?>, Integer> parentIndex,
      List<List<TreeSet<Integer>>> parentParts, int partitions) {
    return parentIndex.computeIfAbsent(rdd, r -> {
      parents.add(r);
      List<TreeSet<Integer>> perChild = new ArrayList<>();
      for (int k = 0; k < partitions; k++) {
        perChild.add(new TreeSet<>());
      }
      parentParts.add(perChild);
      return parents.size() - 1;
    });
  }

  /** The shuffle of an exchange task, reading its map chunks where their tasks (or earlier runs) put them. */
  private static ShuffleExchange newExchange(SparkContext sc, ChunkStore store, Task x, Map<Long, Subtask> producer,
      Map<Subtask, Task> taskOf, boolean ship) {
    Subtask s = x.subtasks.get(0);
    List<ShuffleExchange.MapInput> maps = new ArrayList<>();
    for (Chunk c : s.tail().inputs()) {
      Subtask p = producer.get(c.key());
      if (p != null) {
        Task from = taskOf.get(p);
        maps.add(new ShuffleExchange.MapInput(from.rdd, from.partition, from.outputs.indexOf(c)));
      } else {
        ChunkStore.Location loc = store.location(c);
        maps.add(new ShuffleExchange.MapInput(loc.rdd(), loc.partition(), loc.output()));
      }
    }
    return new ShuffleExchange(sc, (Exchange) s.tail().op(), maps, ship);
  }

  /** @param broadcast whether ops carrying much data ship as broadcasts ({@link BroadcastOp}); not for a dry run */
  private static ChunkRDD newRdd(SparkContext sc, ChunkStore store, List<SubtaskRewriter> rewriters, List<Task> tasks,
      Map<Long, Subtask> producer, Map<Subtask, Task> taskOf, org.apache.spark.util.LongAccumulator remoteReads,
      boolean broadcast) {
    List<RDD<?>> parents = new ArrayList<>();
    Map<RDD<?>, Integer> parentIndex = new IdentityHashMap<>();
    List<List<TreeSet<Integer>>> parentParts = new ArrayList<>();
    SubtaskPartition[] parts = new SubtaskPartition[tasks.size()];
    for (Task task : tasks) {
      int pi = task.partition;
      // inputs from outside the task (a merged tail's inputs made by an earlier subtask of it are internal)
      LinkedHashSet<Chunk> ext = new LinkedHashSet<>();
      for (Subtask s : task.subtasks) {
        for (Chunk c : s.externalInputs()) {
          Subtask p = producer.get(c.key());
          if (p == null || taskOf.get(p) != task) {
            ext.add(c);
          }
        }
      }
      SubtaskPartition.Input[] inputs = new SubtaskPartition.Input[ext.size()];
      Map<Long, Integer> slotOf = new HashMap<>();
      int i = 0;
      for (Chunk c : ext) {
        RDD<Object[]> rdd;
        int partition;
        int output;
        Subtask p = producer.get(c.key());
        if (p != null && taskOf.get(p).group == task.group) {
          // a partition of this RDD, before this one (a merged tail reads it when it runs)
          Task from = taskOf.get(p);
          inputs[i] = SubtaskPartition.Input.sibling(from.partition, from.outputs.indexOf(c), parts[from.partition]);
          slotOf.put(c.key(), i++);
          continue;
        }
        if (p != null && taskOf.get(p).exchange) {
          rdd = taskOf.get(p).shuffle.buckets(); // bucket b: the exchange's reduce partition b
          partition = c.outputIndex();
          output = 0;
        } else if (p != null) {
          Task from = taskOf.get(p);
          rdd = from.rdd;
          partition = from.partition;
          output = from.outputs.indexOf(c);
        } else {
          ChunkStore.Location loc = store.location(c);
          rdd = loc.rdd();
          partition = loc.partition();
          output = loc.output();
        }
        int idx = parentIndexOf(rdd, parents, parentIndex, parentParts, tasks.size());
        parentParts.get(idx).get(pi).add(partition);
        inputs[i] = new SubtaskPartition.Input(idx, partition, output, ChunkRDD.carried(rdd, partition, broadcast));
        slotOf.put(c.key(), i++);
      }
      int nextSlot = ext.size();
      List<SubtaskPartition.Node> nodes = new ArrayList<>();
      for (Subtask s : task.subtasks) {
        List<OpNode> toRun = s.nodes();
        for (SubtaskRewriter r : rewriters) {
          toRun = r.rewrite(toRun);
        }
        for (OpNode node : toRun) {
          int[] inSlots = new int[node.inputs().size()];
          for (int a = 0; a < inSlots.length; a++) {
            inSlots[a] = slotOf.get(node.inputs().get(a).key());
          }
          SubtaskPartition.Input source = null;
          if (node.op() instanceof PartitionSource src) {
            RDD<?> srcRdd = src.sourceRdd();
            if (srcRdd == null) {
              throw new MarsException(ErrorClass.INTERNAL, src.name() + " has no source RDD on the driver");
            }
            int idx = parentIndexOf(srcRdd, parents, parentIndex, parentParts, tasks.size());
            parentParts.get(idx).get(pi).add(src.sourcePartition());
            source = new SubtaskPartition.Input(idx, src.sourcePartition(), -1, srcRdd.partitions()[src.sourcePartition()]);
          }
          // a literal carrying much data ships as a broadcast: its data goes once per executor
          ChunkOp op = broadcast ? BroadcastOp.shipped(sc, node.op()) : node.op();
          nodes.add(new SubtaskPartition.Node(op, inSlots, nextSlot, source));
          for (Chunk out : node.outputs()) {
            slotOf.put(out.key(), nextSlot++);
          }
        }
      }
      int[] outSlots = task.outputs.stream().mapToInt(c -> slotOf.get(c.key())).toArray();
      Subtask first = task.subtasks.get(0);
      String name = first.tail().op().name() + Arrays.toString(first.outputs().get(0).index())
          + (task.subtasks.size() > 1 ? " and " + (task.subtasks.size() - 1) + " more" : "");
      parts[pi] = new SubtaskPartition(pi, inputs, nodes.toArray(new SubtaskPartition.Node[0]), outSlots, nextSlot,
          name, task.shared);
    }
    int[][][] pp = new int[parents.size()][][];
    for (int i = 0; i < parents.size(); i++) {
      pp[i] = new int[tasks.size()][];
      for (int k = 0; k < tasks.size(); k++) {
        pp[i][k] = parentParts.get(i).get(k).stream().mapToInt(Integer::intValue).toArray();
      }
    }
    return new ChunkRDD(sc, parts, parents, pp, remoteReads);
  }
}
