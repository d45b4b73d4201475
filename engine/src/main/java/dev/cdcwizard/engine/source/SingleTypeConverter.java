package dev.cdcwizard.engine.source;

import io.debezium.spi.converter.CustomConverter;
import io.debezium.spi.converter.RelationalColumn;
import java.util.Locale;
import java.util.Properties;
import org.apache.kafka.connect.data.SchemaBuilder;

/**
 * An engine's Debezium converter for the columns of one PostgreSQL type, of a domain over it too (a domain's
 * column carries its root type's oid, and its own name). The schema is optional where the column is.
 */
abstract class SingleTypeConverter implements CustomConverter<SchemaBuilder, RelationalColumn> {
  private final int oid;
  private final String typeName;

  SingleTypeConverter(int oid, String typeName) {
    this.oid = oid;
    this.typeName = typeName;
  }

  @Override
  public final void configure(Properties properties) {
    // nothing to configure: the column says everything
  }

  @Override
  public final void converterFor(RelationalColumn column, ConverterRegistration<SchemaBuilder> registration) {
    String type = column.typeName() == null ? "" : column.typeName().toLowerCase(Locale.ROOT);
    if (column.nativeType() != oid && !type.equals(typeName)) {
      return;
    }
    SchemaBuilder schema = schema(column);
    boolean optional = column.isOptional();
    if (optional) {
      schema.optional();
    }
    registration.register(schema, converter(column, optional));
  }

  abstract SchemaBuilder schema(RelationalColumn column);

  abstract Converter converter(RelationalColumn column, boolean optional);
}
