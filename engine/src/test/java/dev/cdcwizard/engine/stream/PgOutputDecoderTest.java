package dev.cdcwizard.engine.stream;

import static dev.cdcwizard.engine.stream.PgOutputBytes.message;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.stream.PgOutputMessage.Begin;
import dev.cdcwizard.engine.stream.PgOutputMessage.Commit;
import dev.cdcwizard.engine.stream.PgOutputMessage.Delete;
import dev.cdcwizard.engine.stream.PgOutputMessage.Insert;
import dev.cdcwizard.engine.stream.PgOutputMessage.LogicalMessage;
import dev.cdcwizard.engine.stream.PgOutputMessage.Origin;
import dev.cdcwizard.engine.stream.PgOutputMessage.Relation;
import dev.cdcwizard.engine.stream.PgOutputMessage.Truncate;
import dev.cdcwizard.engine.stream.PgOutputMessage.Type;
import dev.cdcwizard.engine.stream.PgOutputMessage.Update;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.postgresql.replication.LogSequenceNumber;

class PgOutputDecoderTest {
  private static final Instant COMMIT_TIME = Instant.parse("2026-11-29T10:15:30.123456Z");

  @Test
  void decodesBeginWithAnUnsignedXid() {
    PgOutputMessage decoded = PgOutputDecoder.decode(
        message('B').int64(0x1_6B37_4D48L).timestamp(COMMIT_TIME).int32(0xFFFF_FFF0).buffer());

    assertThat(decoded).isEqualTo(new Begin(LogSequenceNumber.valueOf("1/6B374D48"), COMMIT_TIME, 4294967280L));
  }

  @Test
  void decodesCommit() {
    PgOutputMessage decoded = PgOutputDecoder.decode(
        message('C').int8(0).int64(0x100).int64(0x130).timestamp(COMMIT_TIME).buffer());

    assertThat(decoded).isEqualTo(new Commit(0, LogSequenceNumber.valueOf(0x100),
        LogSequenceNumber.valueOf(0x130), COMMIT_TIME));
  }

  @Test
  void decodesTimestampsBeforeThePostgresEpoch() {
    Instant before = Instant.parse("1999-12-31T23:59:59.999999Z");

    Commit commit = (Commit) PgOutputDecoder.decode(
        message('C').int8(0).int64(1).int64(2).timestamp(before).buffer());

    assertThat(commit.commitTime()).isEqualTo(before);
  }

  @Test
  void decodesOrigin() {
    assertThat(PgOutputDecoder.decode(message('O').int64(0x42).string("node_a").buffer()))
        .isEqualTo(new Origin(LogSequenceNumber.valueOf(0x42), "node_a"));
  }

  @Test
  void decodesRelationWithItsKeyColumns() {
    ByteBuffer bytes = message('R').int32(0xF000_0001).string("Sales").string("Order Items").int8('f')
        .int16(2)
        .int8(1).string("id").int32(20).int32(-1)
        .int8(0).string("naïve 名字").int32(1043).int32(104)
        .buffer();

    Relation relation = (Relation) PgOutputDecoder.decode(bytes);

    assertThat(relation.relationOid()).isEqualTo(4026531841L);
    assertThat(relation.namespace()).isEqualTo("Sales");
    assertThat(relation.name()).isEqualTo("Order Items");
    assertThat(relation.replicaIdentity()).isEqualTo(ReplicaIdentity.FULL);
    assertThat(relation.columns()).containsExactly(
        new Relation.Column(1, "id", 20, -1),
        new Relation.Column(0, "naïve 名字", 1043, 104));
    assertThat(relation.columns()).extracting(Relation.Column::isKey).containsExactly(true, false);
  }

  @Test
  void readsAnEmptyNamespaceAsPgCatalog() {
    Relation relation = (Relation) PgOutputDecoder.decode(
        message('R').int32(1259).string("").string("pg_class").int8('n').int16(0).buffer());
    Type type = (Type) PgOutputDecoder.decode(message('Y').int32(16385).string("").string("int4").buffer());

    assertThat(relation.namespace()).isEqualTo("pg_catalog");
    assertThat(relation.replicaIdentity()).isEqualTo(ReplicaIdentity.NOTHING);
    assertThat(relation.columns()).isEmpty();
    assertThat(type).isEqualTo(new Type(16385, "pg_catalog", "int4"));
  }

  @Test
  void decodesInsertWithEveryKindOfColumn() {
    ByteBuffer bytes = message('I').int32(16384).int8('N').int16(4)
        .textColumn("42").int8('n').int8('u').binaryColumn(new byte[] {0, (byte) 0xff})
        .buffer();

    Insert insert = (Insert) PgOutputDecoder.decode(bytes);

    assertThat(insert.relationOid()).isEqualTo(16384);
    assertThat(insert.newTuple()).isEqualTo(TupleData.of(ColumnValue.text("42"), ColumnValue.NULL,
        ColumnValue.UNCHANGED_TOAST, ColumnValue.binary(new byte[] {0, (byte) 0xff})));
    assertThat(insert.newTuple().get(3).binary()).containsExactly(0, 0xff);
  }

  @Test
  void decodesTextAsUtf8IncludingEmptyText() {
    Insert insert = (Insert) PgOutputDecoder.decode(
        message('I').int32(1).int8('N').int16(2).textColumn("中文 ✓ \uD83D\uDE00").textColumn("").buffer());

    assertThat(insert.newTuple().get(0).text()).isEqualTo("中文 ✓ \uD83D\uDE00");
    assertThat(insert.newTuple().get(1).text()).isEmpty();
  }

  @Test
  void decodesUpdateWithoutOldTuple() {
    Update update = (Update) PgOutputDecoder.decode(
        message('U').int32(7).int8('N').int16(2).textColumn("1").int8('u').buffer());

    assertThat(update.oldTuple()).isNull();
    assertThat(update.newTuple()).isEqualTo(TupleData.of(ColumnValue.text("1"), ColumnValue.UNCHANGED_TOAST));
  }

  @Test
  void decodesUpdateWithOldKeyAndWithOldRow() {
    Update keyChanged = (Update) PgOutputDecoder.decode(message('U').int32(7)
        .int8('K').int16(2).textColumn("1").int8('n')
        .int8('N').int16(2).textColumn("2").textColumn("b").buffer());
    Update full = (Update) PgOutputDecoder.decode(message('U').int32(7)
        .int8('O').int16(2).textColumn("1").textColumn("a")
        .int8('N').int16(2).textColumn("1").textColumn("b").buffer());

    assertThat(keyChanged.oldTuple())
        .isEqualTo(new OldTuple(OldTuple.Kind.KEY, TupleData.of(ColumnValue.text("1"), ColumnValue.NULL)));
    assertThat(keyChanged.newTuple().get(0).text()).isEqualTo("2");
    assertThat(full.oldTuple())
        .isEqualTo(new OldTuple(OldTuple.Kind.OLD_ROW, TupleData.of(ColumnValue.text("1"), ColumnValue.text("a"))));
  }

  @Test
  void decodesDeleteWithKeyAndWithOldRow() {
    Delete byKey = (Delete) PgOutputDecoder.decode(message('D').int32(9).int8('K').int16(1).textColumn("5").buffer());
    Delete full = (Delete) PgOutputDecoder.decode(message('D').int32(9).int8('O').int16(1).textColumn("5").buffer());

    assertThat(byKey).isEqualTo(new Delete(9, new OldTuple(OldTuple.Kind.KEY, TupleData.of(ColumnValue.text("5")))));
    assertThat(full.oldTuple().kind()).isEqualTo(OldTuple.Kind.OLD_ROW);
  }

  @Test
  void decodesTruncateOptions() {
    Truncate plain = (Truncate) PgOutputDecoder.decode(message('T').int32(1).int8(0).int32(10).buffer());
    Truncate both = (Truncate) PgOutputDecoder.decode(
        message('T').int32(2).int8(3).int32(10).int32(0xFFFF_FFFF).buffer());
    Truncate restart = (Truncate) PgOutputDecoder.decode(message('T').int32(0).int8(2).buffer());

    assertThat(plain).isEqualTo(new Truncate(false, false, List.of(10L)));
    assertThat(both).isEqualTo(new Truncate(true, true, List.of(10L, 4294967295L)));
    assertThat(restart).isEqualTo(new Truncate(false, true, List.of()));
  }

  @Test
  void decodesLogicalMessages() {
    byte[] content = "{\"k\":1}".getBytes(StandardCharsets.UTF_8);
    LogicalMessage transactional = (LogicalMessage) PgOutputDecoder.decode(
        message('M').int8(1).int64(0x500).string("cdc-wizard").int32(content.length).raw(content).buffer());
    LogicalMessage empty = (LogicalMessage) PgOutputDecoder.decode(
        message('M').int8(0).int64(0x501).string("p").int32(0).buffer());

    assertThat(transactional).isEqualTo(
        new LogicalMessage(true, LogSequenceNumber.valueOf(0x500), "cdc-wizard", content));
    assertThat(transactional.content()).isEqualTo(content);
    assertThat(empty.transactional()).isFalse();
    assertThat(empty.content()).isEmpty();
  }

  @Test
  void leavesTheBufferAsItWasAndReadsSlicesAndDirectBuffers() {
    byte[] insert = message('I').int32(3).int8('N').int16(1).textColumn("x").toArray();
    ByteBuffer padded = ByteBuffer.allocate(insert.length + 5);
    padded.put(new byte[] {9, 9, 9}).put(insert).put(new byte[] {7, 7});
    ByteBuffer slice = padded.position(3).limit(3 + insert.length).slice();
    ByteBuffer direct = ByteBuffer.allocateDirect(insert.length).put(insert).flip();
    Insert expected = new Insert(3, TupleData.of(ColumnValue.text("x")));

    assertThat(PgOutputDecoder.decode(slice)).isEqualTo(expected);
    assertThat(slice.position()).isZero();
    assertThat(PgOutputDecoder.decode(direct)).isEqualTo(expected);
    assertThat(PgOutputDecoder.decode(padded.position(3).limit(3 + insert.length))).isEqualTo(expected);
    assertThat(padded.position()).isEqualTo(3);
  }
}
