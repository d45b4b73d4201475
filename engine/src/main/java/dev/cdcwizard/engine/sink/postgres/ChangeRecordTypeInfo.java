package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.record.ChangeRecord;
import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/** The type of the PostgreSQL sink's change records, serialized by {@link ChangeRecordSerializer}. */
public final class ChangeRecordTypeInfo extends TypeInformation<ChangeRecord> {
  private static final long serialVersionUID = 1L;
  public static final ChangeRecordTypeInfo INSTANCE = new ChangeRecordTypeInfo();

  @Override
  public boolean isBasicType() {
    return false;
  }

  @Override
  public boolean isTupleType() {
    return false;
  }

  @Override
  public int getArity() {
    return 1;
  }

  @Override
  public int getTotalFields() {
    return 1;
  }

  @Override
  public Class<ChangeRecord> getTypeClass() {
    return ChangeRecord.class;
  }

  @Override
  public boolean isKeyType() {
    return false;
  }

  @Override
  public TypeSerializer<ChangeRecord> createSerializer(SerializerConfig config) {
    return ChangeRecordSerializer.INSTANCE;
  }

  @Override
  @Deprecated
  public TypeSerializer<ChangeRecord> createSerializer(ExecutionConfig config) {
    return ChangeRecordSerializer.INSTANCE;
  }

  @Override
  public String toString() {
    return "ChangeRecord(PostgreSQL sink)";
  }

  @Override
  public boolean equals(Object obj) {
    return obj instanceof ChangeRecordTypeInfo;
  }

  @Override
  public int hashCode() {
    return ChangeRecordTypeInfo.class.hashCode();
  }

  @Override
  public boolean canEqual(Object obj) {
    return obj instanceof ChangeRecordTypeInfo;
  }
}
