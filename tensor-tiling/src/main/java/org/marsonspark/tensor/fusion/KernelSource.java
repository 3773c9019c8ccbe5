package org.marsonspark.tensor.fusion;

import static org.marsonspark.tensor.fusion.Conversions.convert;
import static org.marsonspark.tensor.fusion.Conversions.javaType;
import static org.marsonspark.tensor.kernel.Reductions.LANES;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.kernel.BinaryFn;
import org.marsonspark.tensor.kernel.CounterRandom;
import org.marsonspark.tensor.kernel.UnaryFn;

/**
 * Generates the Java source of one fused loop from an {@link Expr} tree, and the parameter
 * arrays that carry its constants. The loop runs over {@code rows}; reductions over trailing axes
 * run an inner loop over {@code inner} elements per row. The result is, by the root:
 * <ul>
 *   <li>{@link Terminal#STORE}: an array of the root's dtype, one value per row;
 *   <li>{@link Terminal#ROW_PARTIALS}: the root reduction's accumulator per row;
 *   <li>{@link Terminal#TOTAL}: one accumulator over everything (a map over all axes), possibly
 *       finished into the result dtype ({@link Terminal#TOTAL_FINISHED}).
 * </ul>
 */
final class KernelSource {
  enum Terminal { STORE, ROW_PARTIALS, TOTAL, TOTAL_FINISHED }

  final Terminal terminal;
  final String source;
  final double[] dp;
  final long[] lp;
  final int rows;
  final int inner;
  /** For totals: the number of elements reduced. */
  final long count;
  /**
   * Names of the reductions that refuse empty input, in the order the kernel checks them: the
   * kernel throws {@code FusedChunk.empty(k)} with an index into this list, so no name (user
   * text, for a reduction of one's own) is ever part of the source.
   */
  final List<String> emptyChecks = new ArrayList<>();

  private final List<Double> dparams = new ArrayList<>();
  private final List<Long> lparams = new ArrayList<>();
  private final StringBuilder prelude = new StringBuilder();
  private final Map<Expr, String> names = new IdentityHashMap<>();
  private int vars;
  private final List<Expr.Reduce> innerReduces = new ArrayList<>();

  private KernelSource(Expr root) {
    Expr.Reduce total = null;
    Expr body;
    if (root instanceof Expr.Finish f && f.x().all()) {
      terminal = Terminal.TOTAL_FINISHED;
      total = f.x();
      body = total.x();
    } else if (root instanceof Expr.Reduce r && r.all()) {
      terminal = Terminal.TOTAL;
      total = r;
      body = r.x();
    } else if (root instanceof Expr.Reduce r) {
      terminal = Terminal.ROW_PARTIALS;
      body = r;
    } else {
      terminal = Terminal.STORE;
      body = root;
    }
    collectInnerReduces(body);
    int in = 1;
    if (!innerReduces.isEmpty()) {
      long[] s0 = innerReduces.get(0).x().shape();
      in = innerReduces.get(0).inner();
      for (Expr.Reduce r : innerReduces) {
        if (!Arrays.equals(r.x().shape(), s0) || r.inner() != in) {
          throw new Unsupported("inner reductions over different shapes");
        }
      }
    }
    this.inner = in;
    long outer = size(body.shape());
    if (terminal == Terminal.ROW_PARTIALS) {
      outer = size(((Expr.Reduce) body).x().shape()) / Math.max(1, in);
    }
    this.rows = (int) outer;
    this.count = total == null ? 0 : size(total.x().shape());
    StringBuilder loop = new StringBuilder();
    String value = rowValue(body, loop);
    this.source = assemble(root, total, body, loop, value);
    this.dp = dparams.stream().mapToDouble(Double::doubleValue).toArray();
    this.lp = lparams.stream().mapToLong(Long::longValue).toArray();
  }

  /** Source and parameters for {@code root}, or an {@link Unsupported} exception. */
  static KernelSource of(Expr root) {
    return new KernelSource(root);
  }

  /** Thrown while generating when the tree has a form the loop does not handle. */
  static final class Unsupported extends RuntimeException {
    Unsupported(String why) {
      super(why, null, false, false);
    }
  }

  private static long size(long[] shape) {
    long n = 1;
    for (long d : shape) {
      n *= d;
    }
    return n;
  }

  private void collectInnerReduces(Expr e) {
    if (e instanceof Expr.Reduce r) {
      if (r.all()) {
        throw new Unsupported("a reduction over all axes below the root");
      }
      innerReduces.add(r);
      if (containsReduce(r.x())) {
        throw new Unsupported("nested reductions");
      }
      return;
    }
    for (Expr c : e.children()) {
      collectInnerReduces(c);
    }
  }

  private static boolean containsReduce(Expr e) {
    if (e instanceof Expr.Reduce) {
      return true;
    }
    for (Expr c : e.children()) {
      if (containsReduce(c)) {
        return true;
      }
    }
    return false;
  }

  /** Emits the per-row code (with the inner loop, if any) and returns the row's value. */
  private String rowValue(Expr body, StringBuilder loop) {
    if (!innerReduces.isEmpty()) {
      StringBuilder innerBody = new StringBuilder();
      List<String> laned = new ArrayList<>();
      for (Expr.Reduce r : innerReduces) {
        String acc = "acc" + (vars++);
        names.put(r, acc);
        boolean lanes = ReduceCode.laned(r.fn(), r.x().dtype());
        String init = ReduceCode.init(r.fn(), r.x().dtype());
        loop.append("      ").append(javaType(r.dtype())).append(' ').append(acc).append(" = ").append(init);
        for (int l = 1; lanes && l < LANES; l++) {
          loop.append(", ").append(acc).append('_').append(l).append(" = ").append(init);
        }
        loop.append(";\n");
        String x = emit(r.x(), "i", innerBody, "        ");
        String target = lanes ? lane(acc) : acc;
        innerBody.append("        ").append(target).append(" = ")
            .append(ReduceCode.merge(r.fn(), target, ReduceCode.element(r.fn(), x, r.x().dtype()))).append(";\n");
        if (lanes) {
          laned.add(acc);
        }
        if (ReduceCode.needsElements(r.fn())) {
          prelude.append("    if (inner == 0) throw FusedChunk.empty(").append(emptyCheck(r)).append(");\n");
        }
      }
      if (laned.isEmpty()) {
        loop.append("      for (int j = 0; j < inner; j++) {\n        final int i = r * inner + j;\n")
            .append(innerBody).append("      }\n");
      } else {
        loop.append(unrolled("j", "inner", "final int i = r * inner + ", innerBody.toString(), "      "));
        for (String acc : laned) {
          loop.append("      ").append(acc).append(" = ").append(laneTotal(acc)).append(";\n");
        }
      }
    }
    if (terminal == Terminal.ROW_PARTIALS) {
      return names.get(body);
    }
    return emit(body, "r", loop, "      ");
  }

  /** A lane's accumulator stands as this placeholder in a loop body until {@link #unrolled} names it. */
  private static String lane(String acc) {
    return "@" + acc + "@";
  }

  /** {@code (a + a_1) + (a_2 + a_3)}: the lanes of {@code acc} added as {@code Reductions.laneSum} does. */
  private static String laneTotal(String acc) {
    return "(" + acc + " + " + acc + "_1) + (" + acc + "_2 + " + acc + "_3)";
  }

  /**
   * A loop of {@code var} over {@code [0, bound)} whose {@code body} (placeholders {@link #lane}
   * for laned accumulators) is written out once per lane: element {@code var + l} goes to lane
   * l, then the last {@code bound % LANES} elements to lanes 0, 1, 2 — the order and lanes of
   * {@code Reductions.laneSum}. Each copy opens with {@code index} followed by the element.
   */
  private static String unrolled(String var, String bound, String index, String body, String indent) {
    StringBuilder out = new StringBuilder();
    out.append(indent).append("int ").append(var).append(" = 0;\n")
        .append(indent).append("for (; ").append(var).append(" + ").append(LANES - 1).append(" < ").append(bound)
        .append("; ").append(var).append(" += ").append(LANES).append(") {\n");
    for (int l = 0; l < LANES; l++) {
      out.append(indent).append("  {\n").append(indent).append("    ").append(index).append(var).append(" + ").append(l)
          .append(";\n").append(named(body, l)).append(indent).append("  }\n");
    }
    out.append(indent).append("}\n");
    for (int l = 0; l < LANES - 1; l++) {
      out.append(indent).append("if (").append(var).append(" + ").append(l).append(" < ").append(bound).append(") {\n")
          .append(indent).append("  ").append(index).append(var).append(" + ").append(l).append(";\n")
          .append(named(body, l)).append(indent).append("}\n");
    }
    return out.toString();
  }

  /** {@code body} with each lane placeholder named for lane {@code l} ({@code acc}, {@code acc_1}, ...). */
  private static String named(String body, int l) {
    return body.replaceAll("@(\\w+)@", l == 0 ? "$1" : "$1_" + l);
  }

  private String assemble(Expr root, Expr.Reduce total, Expr body, StringBuilder loop, String value) {
    StringBuilder src = new StringBuilder();
    src.append("import org.marsonspark.tensor.kernel.Ufuncs;\n")
        .append("import org.marsonspark.tensor.kernel.CounterRandom;\n")
        .append("import org.marsonspark.tensor.fusion.FusedChunk;\n")
        .append("public final class FusedKernelImpl implements org.marsonspark.tensor.fusion.FusedKernel {\n")
        .append("  public Object run(Object[] in, double[] dp, long[] lp, int rows, int inner) {\n")
        .append(prelude);
    String after;
    switch (terminal) {
      case STORE -> {
        String t = javaType(body.dtype());
        src.append("    final ").append(t).append("[] out = new ").append(t).append("[rows];\n");
        loop.append("      out[r] = ").append(value).append(";\n");
        after = "    return out;\n";
      }
      case ROW_PARTIALS -> {
        Expr.Reduce r = (Expr.Reduce) body;
        String t = javaType(r.dtype());
        src.append("    final ").append(t).append("[] out = new ").append(t).append("[rows];\n");
        loop.append("      out[r] = ").append(value).append(";\n");
        after = "    return out;\n";
      }
      default -> {
        String t = javaType(total.dtype());
        String init = ReduceCode.init(total.fn(), body.dtype());
        boolean lanes = ReduceCode.laned(total.fn(), body.dtype());
        src.append("    ").append(t).append(" total = ").append(init);
        for (int l = 1; lanes && l < LANES; l++) {
          src.append(", total_").append(l).append(" = ").append(init);
        }
        src.append(";\n");
        String target = lanes ? lane("total") : "total";
        loop.append("      ").append(target).append(" = ").append(ReduceCode.merge(total.fn(), target,
            ReduceCode.element(total.fn(), value, body.dtype()))).append(";\n");
        if (ReduceCode.needsElements(total.fn())) {
          src.append("    if (rows == 0) throw FusedChunk.empty(").append(emptyCheck(total)).append(");\n");
        }
        if (lanes) {
          src.append(unrolled("r0", "rows", "final int r = ", loop.toString(), "    "))
              .append("    total = ").append(laneTotal("total")).append(";\n")
              .append("    return new ").append(t).append("[] {total};\n  }\n}\n");
          return src.toString();
        }
        after = "    return new " + t + "[] {total};\n";
      }
    }
    src.append("    for (int r = 0; r < rows; r++) {\n").append(loop).append("    }\n").append(after)
        .append("  }\n}\n");
    return src.toString();
  }

  /** Registers a reduction's check for empty input; returns its index for the generated code. */
  private int emptyCheck(Expr.Reduce r) {
    emptyChecks.add(r.fn().name());
    return emptyChecks.size() - 1;
  }

  private String param(DType d, Object value) {
    String name = "c" + (vars++);
    String t = javaType(d);
    if (d.isFloat()) {
      dparams.add(((Number) value).doubleValue());
      prelude.append("    final ").append(t).append(' ').append(name).append(" = (").append(t).append(") dp[")
          .append(dparams.size() - 1).append("];\n");
    } else {
      long v = value instanceof Boolean b ? (b ? 1 : 0) : ((Number) value).longValue();
      lparams.add(v);
      String read = "lp[" + (lparams.size() - 1) + "]";
      prelude.append("    final ").append(t).append(' ').append(name).append(" = ")
          .append(d == DType.BOOL ? read + " != 0" : "(" + t + ") " + read).append(";\n");
    }
    return name;
  }

  private String dparam(double v) {
    return param(DType.FLOAT64, v);
  }

  private String lparam(long v) {
    return param(DType.INT64, v);
  }

  /** Emits statements computing {@code e} at index {@code idx}; returns an expression for its value. */
  private String emit(Expr e, String idx, StringBuilder out, String indent) {
    String known = names.get(e);
    if (known != null) {
      return known;
    }
    String v = "v" + (vars++);
    String t = javaType(e.dtype());
    if (e instanceof Expr.In in) {
      String arr = "in" + in.slot();
      if (prelude.indexOf("] " + arr + " =") < 0) {
        prelude.append("    final ").append(t).append("[] ").append(arr).append(" = (").append(t).append("[]) in[")
            .append(in.slot()).append("];\n");
      }
      return in.scalar() ? arr + "[0]" : arr + "[" + idx + "]";
    }
    if (e instanceof Expr.Const c) {
      return param(c.dtype(), c.value());
    }
    String value;
    if (e instanceof Expr.Random rnd) {
      value = random(rnd, out, indent);
    } else if (e instanceof Expr.Unary u) {
      value = unary(u, convert(emit(u.x(), idx, out, indent), u.x().dtype(), u.compute()));
    } else if (e instanceof Expr.Binary b) {
      String x = convert(emit(b.x(), idx, out, indent), b.x().dtype(), b.compute());
      String y = convert(emit(b.y(), idx, out, indent), b.y().dtype(), b.compute());
      value = binary(b, x, y);
    } else if (e instanceof Expr.Cast c) {
      value = convert(emit(c.x(), idx, out, indent), c.x().dtype(), c.dtype());
    } else if (e instanceof Expr.Finish f) {
      String acc = names.get(f.x());
      if (acc == null) {
        throw new Unsupported("finish of a reduction outside the inner loop");
      }
      value = ReduceCode.isMean(f.fn())
          ? convert("(inner == 0 ? Double.NaN : " + acc + " / inner)", DType.FLOAT64, f.dtype())
          : convert(acc, f.x().dtype(), f.dtype());
    } else {
      throw new Unsupported("a reduction in an unexpected place");
    }
    out.append(indent).append("final ").append(t).append(' ').append(v).append(" = ").append(value).append(";\n");
    names.put(e, v);
    return v;
  }

  /**
   * A random leaf reads consecutive positions, one per evaluation, so instead of computing
   * {@code word(key, base + i)} it keeps the generator's running state ({@code key + (i + 1)·γ})
   * and adds γ per element — the same words, one multiply fewer.
   */
  private String random(Expr.Random rnd, StringBuilder out, String indent) {
    String st = "s" + (vars++);
    String gamma = "0x9e3779b97f4a7c15L";
    String key = lparam(rnd.key());
    String base = lparam(rnd.base());
    String code;
    DType raw = DType.FLOAT64;
    if (rnd.dist() == CounterRandom.Distribution.NORMAL) {
      // element g uses words 2g and 2g + 1: two steps of the state per element
      prelude.append("    long ").append(st).append(" = ").append(key).append(" + (2 * ").append(base)
          .append(" - 1) * ").append(gamma).append(";\n");
      out.append(indent).append(st).append(" += 2 * ").append(gamma).append(";\n");
      String a = dparam(rnd.a());
      String b = dparam(rnd.b());
      code = a + " + " + b + " * Math.sqrt(-2.0 * Math.log1p(-CounterRandom.unit(CounterRandom.mix64(" + st + "))))"
          + " * Math.cos(2 * Math.PI * CounterRandom.unit(CounterRandom.mix64(" + st + " + " + gamma + ")))";
    } else {
      prelude.append("    long ").append(st).append(" = ").append(key).append(" + ").append(base).append(" * ")
          .append(gamma).append(";\n");
      out.append(indent).append(st).append(" += ").append(gamma).append(";\n");
      String u = "CounterRandom.unit(CounterRandom.mix64(" + st + "))";
      if (rnd.dist() == CounterRandom.Distribution.UNIFORM) {
        // on [0, 1) the affine map is exactly the identity: skip it
        boolean unit = Double.doubleToRawLongBits(rnd.a()) == 0 && rnd.b() == 1.0;
        String a = unit ? null : dparam(rnd.a());
        String b = unit ? null : dparam(rnd.b());
        code = unit ? u : a + " + (" + b + " - " + a + ") * " + u;
      } else {
        code = "CounterRandom.randint(CounterRandom.mix64(" + st + "), (long) " + dparam(rnd.a()) + ", (long) "
            + dparam(rnd.b()) + ")";
        raw = DType.INT64;
      }
    }
    return convert("(" + code + ")", raw, rnd.dtype());
  }

  private static String fmt(String template, Object... args) {
    if (template == null) {
      throw new Unsupported("no code form");
    }
    return String.format(template, args);
  }

  private static String unary(Expr.Unary u, String x) {
    UnaryFn fn = u.fn();
    return switch (u.compute()) {
      case FLOAT64 -> fmt(fn.f64Code(), x);
      case FLOAT32 -> {
        String c = fmt(fn.f64Code(), "((double) " + x + ")");
        yield fn.isPredicate() ? c : "((float) " + c + ")";
      }
      case INT64, INT32 -> {
        String c = fmt(fn.i64Code(), "((long) " + x + ")");
        yield fn.isPredicate() || u.compute() == DType.INT64 ? c : "((int) " + c + ")";
      }
      case BOOL -> switch (fn) {
        case LOGICAL_NOT, INVERT -> "(!" + x + ")";
        case ISNAN, ISINF, SIGNBIT -> "false";
        case ISFINITE -> "true";
        case ABSOLUTE, SQUARE -> x;
        default -> throw new Unsupported(fn.numpyName() + " of bool");
      };
    };
  }

  private static String binary(Expr.Binary b, String x, String y) {
    BinaryFn fn = b.fn();
    BinaryFn.Code code = fn.code();
    return switch (b.compute()) {
      case FLOAT64 -> fmt(code.f64(), x, y);
      case FLOAT32 -> {
        String c = fmt(code.f64(), "((double) " + x + ")", "((double) " + y + ")");
        yield fn.isComparison() ? c : "((float) " + c + ")";
      }
      case INT64, INT32 -> {
        String c = fmt(code.i64(), "((long) " + x + ")", "((long) " + y + ")");
        yield fn.isComparison() || b.compute() == DType.INT64 ? c : "((int) " + c + ")";
      }
      case BOOL -> fmt(code.bool(), x, y);
    };
  }
}
