package org.marsonspark.dataframe.io;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.VoidFunction;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileContext;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.IndexMeta;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.PyOrder;
import org.marsonspark.session.MarsSession;

/**
 * pandas's {@code to_feather} / {@code read_feather}: Feather v2 files, which are Arrow IPC files
 * (converted by {@link ArrowFrames}). Writing makes one file per row chunk on the executor
 * holding it; reading makes one chunk per file. Before a read builds its frame, a small Spark
 * job reads every file's schema, row count and which columns hold nulls (so the RangeIndex and
 * the pandas dtypes — int64 or float64 — are known); the data itself is read when the frame runs.
 */
public final class Feather extends DfOp {
  private final List<String> files;
  private final long[] rows;
  private final Map<String, DfType> dtypes;
  private final boolean indexStored;

  private Feather(List<String> files, long[] rows, Map<String, DfType> dtypes, boolean indexStored) {
    super(List.of());
    this.files = files;
    this.rows = rows;
    this.dtypes = dtypes;
    this.indexStored = indexStored;
  }

  /** Writes one Feather file per chunk: {@code dir/part-00000.feather}, ...; returns the paths. */
  public static List<String> write(MarsSession session, DataFrame df, String dir) {
    if (dir == null || dir.isEmpty()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "toFeather: a directory is required");
    }
    if (!df.isExecuted()) {
      df.execute(session);
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < df.data().chunks().size(); i++) {
      out.add(dir.replaceAll("/+$", "") + "/" + String.format("part-%05d.feather", i));
    }
    WriteCsv.HadoopConf conf = new WriteCsv.HadoopConf(session.sparkContext().hadoopConfiguration());
    WriteCsv.writeChunks("toFeather", session, df, new WritePart(out.toArray(new String[0]), conf));
    return out;
  }

  static final class WritePart implements VoidFunction<Iterator<Object>> {
    private final String[] files;
    private final WriteCsv.HadoopConf conf;

    WritePart(String[] files, WriteCsv.HadoopConf conf) {
      this.files = files;
      this.conf = conf;
    }

    @Override
    public void call(Iterator<Object> chunks) {
      String file = files[TaskContext.getPartitionId()];
      Path p = new Path(file);
      LocalFrame f = (LocalFrame) chunks.next();
      try {
        FileSystem fs = p.getFileSystem(conf.get());
        try (BufferAllocator alloc = new RootAllocator();
            VectorSchemaRoot root = ArrowFrames.toArrow(f, alloc);
            OutputStream os = fs.create(p, true);
            ArrowFileWriter w = new ArrowFileWriter(root, null, Channels.newChannel(os))) {
          w.start();
          w.writeBatch();
          w.end();
        }
      } catch (IOException e) {
        throw WriteCsv.cannotWrite("toFeather", file, e);
      }
    }
  }

  /** Reads a Feather file, or every {@code *.feather} / {@code *.arrow} file of a directory (in name order). */
  public static DataFrame read(MarsSession session, String path) {
    List<String> files = listFiles(session, path);
    WriteCsv.HadoopConf conf = new WriteCsv.HadoopConf(session.sparkContext().hadoopConfiguration());
    List<FileInfo> infos = new JavaSparkContext(session.sparkContext())
        .parallelize(files, Math.max(1, files.size()))
        .map(f -> FileInfo.of(f, conf))
        .collect();
    for (int i = 0; i < infos.size(); i++) {
      FileInfo fi = infos.get(i);
      if (fi.error != null) {
        throw unreadable(files.get(i), fi.error, null);
      }
    }
    Schema schema = parseSchema(infos.get(0).schemaJson);
    boolean[] nulls = new boolean[schema.getFields().size()];
    long[] rows = new long[files.size()];
    for (int i = 0; i < infos.size(); i++) {
      FileInfo fi = infos.get(i);
      if (!parseSchema(fi.schemaJson).equals(schema)) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readFeather: " + files.get(i) + " has schema "
            + parseSchema(fi.schemaJson) + ", " + files.get(0) + " has " + schema);
      }
      rows[i] = fi.rows;
      for (int c = 0; c < nulls.length; c++) {
        nulls[c] |= fi.hasNulls[c];
      }
    }
    Map<String, DfType> dtypes = new LinkedHashMap<>();
    List<String> names = new ArrayList<>();
    List<DfType> types = new ArrayList<>();
    IndexMeta index = IndexMeta.rangeIndex();
    boolean indexStored = false;
    for (int c = 0; c < nulls.length; c++) {
      Field field = schema.getFields().get(c);
      DfType dt = ArrowFrames.dtypeOf(field, nulls[c]);
      dtypes.put(field.getName(), dt);
      if (field.getName().equals(ArrowFrames.INDEX_COLUMN)) {
        index = IndexMeta.of(dt, null);
        indexStored = true;
      } else {
        names.add(field.getName());
        types.add(dt);
      }
    }
    long total = Arrays.stream(rows).sum();
    Feather op = new Feather(files, rows, dtypes, indexStored);
    return op.newFrame(new DataFrameData(total, names, types, index, DfData.newAlignKey()));
  }

  /** A file that is not a Feather (Arrow IPC) file, or a truncated or corrupt one. */
  static MarsException unreadable(String file, String why, Throwable cause) {
    return new MarsException(ErrorClass.INVALID_ARGUMENT, "readFeather: cannot read " + file + ": " + why
        + "; the file is not Feather v2 (Arrow IPC), or it is truncated or corrupt", cause);
  }

  private static Schema parseSchema(String json) {
    try {
      return Schema.fromJSON(json);
    } catch (IOException e) {
      throw new UncheckedIOException("readFeather: bad schema " + json, e);
    }
  }

  private static List<String> listFiles(MarsSession session, String path) {
    if (path == null || path.isEmpty()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readFeather: a path is required");
    }
    Path p = new Path(path);
    try {
      FileSystem fs = p.getFileSystem(session.sparkContext().hadoopConfiguration());
      if (!fs.exists(p)) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readFeather: no such file or directory: " + path);
      }
      if (!fs.getFileStatus(p).isDirectory()) {
        return List.of(p.toString());
      }
      List<String> out = new ArrayList<>();
      for (FileStatus s : fs.listStatus(p)) {
        String n = s.getPath().getName();
        if (s.isFile() && (n.endsWith(".feather") || n.endsWith(".arrow"))) {
          out.add(s.getPath().toString());
        }
      }
      if (out.isEmpty()) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readFeather: no .feather or .arrow files in " + path);
      }
      out.sort(PyOrder.STRINGS); // name order as Python sorts names
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("readFeather: cannot list " + path, e);
    }
  }

  /** What the planning job learns of one file: its schema, rows and null columns, or why it cannot be read. */
  static final class FileInfo implements Serializable {
    private static final long serialVersionUID = 1L;
    final String schemaJson;
    final long rows;
    final boolean[] hasNulls;
    final String error;

    FileInfo(String schemaJson, long rows, boolean[] hasNulls, String error) {
      this.schemaJson = schemaJson;
      this.rows = rows;
      this.hasNulls = hasNulls;
      this.error = error;
    }

    static FileInfo of(String file, WriteCsv.HadoopConf conf) {
      try {
        return read(file, conf);
      } catch (IOException | RuntimeException e) {
        return new FileInfo(null, 0, null, IoErrors.cause(e));
      }
    }

    private static FileInfo read(String file, WriteCsv.HadoopConf conf) throws IOException {
      try (BufferAllocator alloc = new RootAllocator();
          SeekableByteChannel ch = open(file, conf);
          ArrowFileReader r = new ArrowFileReader(ch, alloc)) {
        VectorSchemaRoot root = r.getVectorSchemaRoot();
        boolean[] nulls = new boolean[root.getSchema().getFields().size()];
        long rows = 0;
        for (ArrowBlock b : r.getRecordBlocks()) {
          r.loadRecordBatch(b);
          rows += root.getRowCount();
          List<FieldVector> vs = root.getFieldVectors();
          for (int c = 0; c < nulls.length; c++) {
            nulls[c] |= vs.get(c).getNullCount() > 0;
          }
        }
        return new FileInfo(root.getSchema().toJson(), rows, nulls, null);
      }
    }
  }

  @Override
  public String name() {
    return "read_feather";
  }

  @Override
  public void tile(TileContext ctx) {
    DfData out = out();
    List<Chunk> chunks = new ArrayList<>();
    long start = 0;
    for (int i = 0; i < files.size(); i++) {
      chunks.add(ctx.newChunk(new ReadFile(files.get(i), dtypes, indexStored ? -1 : start), List.of(), rowIndex(out, i),
          rowShape(out, rows[i]), out.chunkMeta()));
      start += rows[i];
    }
    out.setChunks(chunks, nsplitsOf(out, rows.clone()));
  }

  /**
   * Reads one file into a chunk; its RangeIndex starts at {@code rangeStart} (-1: the file
   * stores its index). The Hadoop configuration of the executor is used.
   */
  record ReadFile(String file, Map<String, DfType> dtypes, long rangeStart) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      try (BufferAllocator alloc = new RootAllocator();
          SeekableByteChannel ch = open(file, null);
          ArrowFileReader r = new ArrowFileReader(ch, alloc)) {
        List<LocalFrame> parts = new ArrayList<>();
        long at = Math.max(0, rangeStart);
        for (ArrowBlock b : r.getRecordBlocks()) {
          r.loadRecordBatch(b);
          LocalFrame part = ArrowFrames.fromArrow(r.getVectorSchemaRoot(), dtypes, at);
          at += part.nrows();
          parts.add(part);
        }
        if (parts.isEmpty()) {
          r.getVectorSchemaRoot().setRowCount(0);
          parts.add(ArrowFrames.fromArrow(r.getVectorSchemaRoot(), dtypes, at));
        }
        return parts.size() == 1 ? parts.get(0) : LocalFrame.concat(parts);
      } catch (MarsException e) {
        throw e;
      } catch (IOException | RuntimeException e) {
        throw unreadable(file, IoErrors.cause(e), e);
      }
    }

    @Override
    public String name() {
      return "read_feather";
    }
  }

  /** A seekable channel over a Hadoop file ({@code conf} null: a default configuration). */
  static SeekableByteChannel open(String file, WriteCsv.HadoopConf conf) throws IOException {
    Path p = new Path(file);
    FileSystem fs = p.getFileSystem(conf == null ? new org.apache.hadoop.conf.Configuration() : conf.get());
    long size = fs.getFileStatus(p).getLen();
    FSDataInputStream in = fs.open(p);
    return new SeekableByteChannel() {
      private long pos;
      private boolean open = true;

      @Override
      public int read(ByteBuffer dst) throws IOException {
        if (pos >= size) {
          return -1;
        }
        int want = (int) Math.min(dst.remaining(), size - pos);
        byte[] buf = new byte[want];
        in.readFully(pos, buf, 0, want);
        dst.put(buf);
        pos += want;
        return want;
      }

      @Override
      public int write(ByteBuffer src) {
        throw new UnsupportedOperationException("read only");
      }

      @Override
      public long position() {
        return pos;
      }

      @Override
      public SeekableByteChannel position(long newPosition) {
        pos = newPosition;
        return this;
      }

      @Override
      public long size() {
        return size;
      }

      @Override
      public SeekableByteChannel truncate(long s) {
        throw new UnsupportedOperationException("read only");
      }

      @Override
      public boolean isOpen() {
        return open;
      }

      @Override
      public void close() throws IOException {
        open = false;
        in.close();
      }
    };
  }
}
