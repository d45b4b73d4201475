package dev.cdcwizard.engine.postgres.slot;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** Reads a {@link SlotStatus} from a row of {@link ReplicationSlots}' status query. */
final class SlotStatusRow {
  private SlotStatusRow() {}

  static SlotStatus read(ResultSet rs) throws SQLException {
    return new SlotStatus(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
        rs.getBoolean(5), rs.getBoolean(6), optionalInt(rs, 7),
        Optional.ofNullable(rs.getString(8)), Optional.ofNullable(rs.getString(9)),
        optionalLong(rs, 10), optionalLong(rs, 11), Optional.ofNullable(rs.getString(12)),
        optionalLong(rs, 13));
  }

  private static OptionalInt optionalInt(ResultSet rs, int column) throws SQLException {
    int value = rs.getInt(column);
    return rs.wasNull() ? OptionalInt.empty() : OptionalInt.of(value);
  }

  private static OptionalLong optionalLong(ResultSet rs, int column) throws SQLException {
    long value = rs.getLong(column);
    return rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(value);
  }
}
