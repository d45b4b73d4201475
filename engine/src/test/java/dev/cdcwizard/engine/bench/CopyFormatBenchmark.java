package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.snapshot.CopyBinaryReader;
import dev.cdcwizard.engine.snapshot.CopyStatement;
import dev.cdcwizard.engine.snapshot.PgColumn;
import dev.cdcwizard.engine.snapshot.RowDecoder;
import dev.cdcwizard.engine.snapshot.SnapshotColumns;
import dev.cdcwizard.engine.source.SourceTables;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.postgresql.PGConnection;
import org.postgresql.copy.PGCopyInputStream;

/**
 * Not a test: decides COPY's text or binary format by measurement (docs/decisions/0005). Loads N rows
 * (default 1,000,000) of the tutorial's orders and of a 20-column table, then reads each table, per
 * round: raw text and raw binary COPY (bytes only, the server's and the wire's share), and both decoded
 * into the engine's Flink values, binary by the engine's RowDecoder, text by {@link CopyTextValues}
 * (checked equal on the first rows). Run with bench/copy-format.sh; arguments: rows, rounds.
 */
public final class CopyFormatBenchmark {
  private static final TableId ORDERS = TableId.of("public", "orders");
  private static final TableId WIDE = TableId.of("public", "wide");
  private static final int CHECKED_ROWS = 1000;

  private CopyFormatBenchmark() {}

  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    try (EmbeddedPostgresServer postgres = SampleDatabase.start();
        Connection connection = postgres.connect(SampleDatabase.DATABASE)) {
      load(postgres, rows);
      String yaml = TutorialFixture.pipelineYaml(postgres, Files.createTempDirectory("copy-bench"), 1)
          .replace("tables: inventory.public.orders", "tables: inventory.public.orders,inventory.public.wide");
      Map<TableId, RecordShape> shapes = SourceTables.resolve(connection, new PipelineYamlReader().read(yaml).source());
      Map<TableId, List<PgColumn>> columns = SnapshotColumns.read(connection, List.of(ORDERS, WIDE));
      for (TableId table : List.of(ORDERS, WIDE)) {
        RowDecoder decoder = RowDecoder.of(columns.get(table), shapes.get(table));
        Map<String, PgColumn> byName = columns.get(table).stream()
            .collect(Collectors.toMap(PgColumn::name, column -> column));
        List<CopyTextValues.TextDecoder> textDecoders = shapes.get(table).columns().stream()
            .map(column -> CopyTextValues.forColumn(byName.get(column.name()))).toList();
        String binary = CopyStatement.forTable(table.sqlName(), decoder, null);
        String text = "COPY (SELECT " + shapes.get(table).columns().stream()
            .map(column -> Identifiers.quote(column.name())).collect(Collectors.joining(", "))
            + " FROM " + table.sqlName() + ") TO STDOUT";
        checkSameValues(connection, text, textDecoders, binary, decoder);
        System.out.printf("%n%s, %,d rows, %d columns%n", table, rows, textDecoders.size());
        for (int round = 1; round <= rounds; round++) {
          report(round, "text, raw", rows, () -> rawRead(connection, text));
          report(round, "binary, raw", rows, () -> rawRead(connection, binary));
          report(round, "text, decoded", rows, () -> textRead(connection, text, textDecoders, null));
          report(round, "binary, decoded", rows, () -> binaryRead(connection, binary, decoder, null));
        }
      }
    }
  }

  private static void load(EmbeddedPostgresServer postgres, long rows) throws Exception {
    long started = System.nanoTime();
    BenchTables.orders(postgres, rows);
    BenchTables.wide(postgres, rows);
    System.out.printf("loaded %,d rows into each table in %d ms%n", rows, (System.nanoTime() - started) / 1_000_000);
  }


  private static void checkSameValues(Connection connection, String text, List<CopyTextValues.TextDecoder> textDecoders,
      String binary, RowDecoder decoder) throws Exception {
    List<Object[]> fromText = new ArrayList<>();
    List<Object[]> fromBinary = new ArrayList<>();
    textRead(connection, text, textDecoders, fromText);
    binaryRead(connection, binary, decoder, fromBinary);
    for (int i = 0; i < CHECKED_ROWS; i++) {
      if (!Objects.deepEquals(fromText.get(i), fromBinary.get(i))) {
        throw new IllegalStateException("Row " + i + " differs: text " + Arrays.deepToString(fromText.get(i))
            + ", binary " + Arrays.deepToString(fromBinary.get(i)));
      }
    }
  }

  private static long rawRead(Connection connection, String copy) throws Exception {
    try (InputStream in = new PGCopyInputStream(connection.unwrap(PGConnection.class), copy)) {
      byte[] buffer = new byte[64 * 1024];
      long bytes = 0;
      for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
        bytes += read;
      }
      return bytes;
    }
  }

  /** Reads the whole COPY (ending it early would cancel it); {@code keep}, if not null, gets the first rows. */
  private static long textRead(Connection connection, String copy, List<CopyTextValues.TextDecoder> decoders,
      List<Object[]> keep) throws Exception {
    CountingStream in = new CountingStream(new PGCopyInputStream(connection.unwrap(PGConnection.class), copy));
    try (in) {
      CopyTextRows rows = new CopyTextRows(in);
      while (rows.next()) {
        Object[] values = new Object[decoders.size()];
        for (int i = 0; i < values.length; i++) {
          int length = rows.length(i);
          values[i] = length < 0 ? null : decoders.get(i).decode(rows.bytes(i), rows.offset(i), length);
        }
        if (keep != null && keep.size() < CHECKED_ROWS) {
          keep.add(values);
        }
      }
    }
    return in.count;
  }

  private static long binaryRead(Connection connection, String copy, RowDecoder decoder, List<Object[]> keep)
      throws Exception {
    CountingStream in = new CountingStream(new PGCopyInputStream(connection.unwrap(PGConnection.class), copy));
    try (CopyBinaryReader reader = new CopyBinaryReader(in)) {
      while (reader.next()) {
        Object[] values = decoder.decode(reader);
        if (keep != null && keep.size() < CHECKED_ROWS) {
          keep.add(values);
        }
      }
    }
    return in.count;
  }

  private static void report(int round, String variant, long rows, Measured read) throws Exception {
    long started = System.nanoTime();
    long bytes = read.bytes();
    double seconds = (System.nanoTime() - started) / 1e9;
    System.out.printf("round %d  %-16s %,10.0f rows/s  %6.1f MB/s  %,7.0f ms  (%,.1f MB)%n", round, variant,
        rows / seconds, bytes / 1e6 / seconds, seconds * 1000, bytes / 1e6);
  }

  /** A read that returns the bytes it received. */
  private interface Measured {
    long bytes() throws Exception;
  }

  private static final class CountingStream extends FilterInputStream {
    private long count;

    CountingStream(InputStream in) {
      super(in);
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int read = super.read(buffer, offset, length);
      count += Math.max(read, 0);
      return read;
    }

    @Override
    public int read() throws IOException {
      int read = super.read();
      count += read < 0 ? 0 : 1;
      return read;
    }
  }
}
