package dev.cdcwizard.engine.stream;

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
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes the payload of one XLogData message of a pgoutput stream (what pgJDBC's
 * {@code PGReplicationStream.readPending()} returns) into a {@link PgOutputMessage}. Written from the
 * protocol description and PostgreSQL's {@code proto.c}; stateless, and leaves the buffer untouched.
 */
public final class PgOutputDecoder {
  private static final String LATER_PROTOCOL =
      " belongs to a later pgoutput protocol version (streamed or two-phase transactions);"
          + " this stream must be started with proto_version '1'";

  private PgOutputDecoder() {}

  public static PgOutputMessage decode(ByteBuffer payload) {
    PgOutputReader in = new PgOutputReader(payload);
    char type = in.messageType();
    PgOutputMessage message = switch (type) {
      case 'B' -> new Begin(in.lsn(), in.timestamp(), in.unsigned32());
      case 'C' -> new Commit(in.int8() & 0xff, in.lsn(), in.lsn(), in.timestamp());
      case 'O' -> new Origin(in.lsn(), in.string());
      case 'R' -> relation(in);
      case 'Y' -> new Type(in.unsigned32(), namespace(in), in.string());
      case 'I' -> insert(in);
      case 'U' -> update(in);
      case 'D' -> new Delete(in.unsigned32(), oldTuple(in, in.char8()));
      case 'T' -> truncate(in);
      case 'M' -> logicalMessage(in);
      case 'S', 'E', 'c', 'A', 'b', 'P', 'K', 'r', 'p' ->
          throw new PgOutputFormatException("pgoutput message type '" + type + "'" + LATER_PROTOCOL);
      default -> throw new PgOutputFormatException("Unknown pgoutput message type '" + type
          + "' (byte " + (int) type + ")");
    };
    in.requireEnd();
    return message;
  }

  private static Relation relation(PgOutputReader in) {
    long oid = in.unsigned32();
    String namespace = namespace(in);
    String name = in.string();
    char identity = in.char8();
    ReplicaIdentity replicaIdentity;
    try {
      replicaIdentity = ReplicaIdentity.fromCode(identity);
    } catch (IllegalArgumentException e) {
      throw in.malformed("unknown replica identity '" + identity + "'");
    }
    int count = in.int16();
    List<Relation.Column> columns = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      columns.add(new Relation.Column(in.int8() & 0xff, in.string(), in.unsigned32(), in.int32()));
    }
    return new Relation(oid, namespace, name, replicaIdentity, columns);
  }

  /** pgoutput leaves pg_catalog's name out to save space. */
  private static String namespace(PgOutputReader in) {
    String namespace = in.string();
    return namespace.isEmpty() ? "pg_catalog" : namespace;
  }

  private static Insert insert(PgOutputReader in) {
    long oid = in.unsigned32();
    expectNewTuple(in, in.char8());
    return new Insert(oid, tuple(in));
  }

  private static Update update(PgOutputReader in) {
    long oid = in.unsigned32();
    char part = in.char8();
    OldTuple old = null;
    if (part == 'K' || part == 'O') {
      old = oldTuple(in, part);
      part = in.char8();
    }
    expectNewTuple(in, part);
    return new Update(oid, old, tuple(in));
  }

  private static OldTuple oldTuple(PgOutputReader in, char part) {
    return switch (part) {
      case 'K' -> new OldTuple(OldTuple.Kind.KEY, tuple(in));
      case 'O' -> new OldTuple(OldTuple.Kind.OLD_ROW, tuple(in));
      default -> throw in.malformed("old tuple 'K' or 'O' expected, got '" + part + "'");
    };
  }

  private static void expectNewTuple(PgOutputReader in, char part) {
    if (part != 'N') {
      throw in.malformed("new tuple 'N' expected, got '" + part + "'");
    }
  }

  private static TupleData tuple(PgOutputReader in) {
    int count = in.int16();
    ColumnValue[] values = new ColumnValue[count];
    for (int i = 0; i < count; i++) {
      char kind = in.char8();
      values[i] = switch (kind) {
        case 'n' -> ColumnValue.NULL;
        case 'u' -> ColumnValue.UNCHANGED_TOAST;
        case 't' -> ColumnValue.text(in.utf8(in.length()));
        case 'b' -> ColumnValue.ownedBinary(in.bytes(in.length()));
        default -> throw in.malformed("unknown kind '" + kind + "' for column " + i);
      };
    }
    return TupleData.wrap(values);
  }

  private static Truncate truncate(PgOutputReader in) {
    int count = in.int32();
    int options = in.int8();
    in.requireCount(count, 4, "relation");
    List<Long> oids = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      oids.add(in.unsigned32());
    }
    return new Truncate((options & 1) != 0, (options & 2) != 0, oids);
  }

  private static LogicalMessage logicalMessage(PgOutputReader in) {
    boolean transactional = (in.int8() & 1) != 0;
    return new LogicalMessage(transactional, in.lsn(), in.string(), in.bytes(in.length()));
  }
}
