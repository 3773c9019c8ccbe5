package org.marsonspark.dataframe.io;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;

/**
 * Runs a readCsv's plan in this JVM, without Spark: the same parses, rounds and choice of parts
 * as {@link ReadCsv#tile} makes, each parse executed in place. Cheap enough to read a small file
 * at every chunk size from one byte up.
 */
public final class CsvInPlace {
  private CsvInPlace() {}

  /** The frame {@code Md.readCsv(path, o)} gives, or its MarsException. */
  public static LocalFrame read(String path, CsvOptions o) {
    CsvPlan plan = ReadCsv.open(path, o).plan();
    CsvParse.Part[] guess = run(plan.guesses());
    CsvPlan.Rereads rereads = plan.rereads(infos(guess));
    CsvParse.Part[] again = run(rereads.parses());
    List<CsvParse.Part> parts = new ArrayList<>();
    List<CsvParse.PartInfo> infos = new ArrayList<>();
    for (CsvPlan.PartRef ref : plan.parts(infos(guess), rereads, infos(again))) {
      CsvParse.Part p = (ref.round() == 1 ? guess : again)[ref.index()];
      parts.add(p);
      infos.add(p.info());
    }
    CsvLines.report(path, infos, plan.reading().fileColumns());
    List<LocalFrame> frames = new ArrayList<>();
    for (CsvParse.Part p : parts) {
      frames.add(p.frame());
    }
    LocalFrame all = frames.size() == 1 ? frames.get(0) : LocalFrame.concat(frames);
    return all.withIndex(LocalIndex.range(0, all.nrows(), 1));
  }

  private static CsvParse.Part[] run(List<CsvParse.Parse> parses) {
    CsvParse.Part[] out = new CsvParse.Part[parses.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = (CsvParse.Part) parses.get(i).execute(new Object[0]);
    }
    return out;
  }

  private static CsvParse.PartInfo[] infos(CsvParse.Part[] parts) {
    CsvParse.PartInfo[] out = new CsvParse.PartInfo[parts.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = parts[i].info();
    }
    return out;
  }
}
