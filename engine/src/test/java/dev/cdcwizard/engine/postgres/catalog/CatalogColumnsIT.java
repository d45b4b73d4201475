package dev.cdcwizard.engine.postgres.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.testing.SharedPostgres;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.sink.postgres.CatalogColumn;
import dev.cdcwizard.engine.sink.postgres.CatalogTable;
import dev.cdcwizard.engine.sink.postgres.CatalogTables;
import dev.cdcwizard.engine.snapshot.PgColumn;
import dev.cdcwizard.engine.snapshot.SnapshotColumns;
import dev.cdcwizard.engine.source.SourceTables;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25: one catalog reader for every consumer. The source's Iceberg shapes, the PostgreSQL target's
 * DDL, the snapshot's decoders and the wizard's table list read the same columns, with the same facts,
 * where four queries (one of them on information_schema) used to disagree on domains.
 */
class CatalogColumnsIT {
  private static final TableId TABLE = TableId.of("public", "domains");
  private static EmbeddedPostgresServer server;
  private static String database;

  @BeforeAll
  static void createTable() throws Exception {
    server = SharedPostgres.server();
    database = SharedPostgres.newDatabase("columns");
    server.execute(database,
        "CREATE TYPE mood AS ENUM ('happy', 'sad')",
        "CREATE DOMAIN price AS numeric(10,2)",
        "CREATE DOMAIN positive_price AS price CHECK (VALUE > 0)",
        "CREATE DOMAIN ints AS int[]",
        "CREATE DOMAIN required_text AS text NOT NULL",
        "CREATE TABLE public.domains (line int, id bigint, amount positive_price, counts ints,"
            + " feeling mood, moods mood[], label required_text DEFAULT 'none', PRIMARY KEY (id, line))");
  }

  @Test
  void everyConsumerReadsTheSameColumnsAndANestedDomainKeepsItsNumericType(@TempDir Path warehouse)
      throws Exception {
    List<String> names = List.of("line", "id", "amount", "counts", "feeling", "moods", "label");
    try (Connection connection = server.connect(database)) {
      RecordShape shape = SourceTables.resolve(connection, source(warehouse)).get(TABLE);
      CatalogTable target = CatalogTables.read(connection, List.of(TABLE)).get(TABLE);
      List<PgColumn> decoded = SnapshotColumns.read(connection, List.of(TABLE)).get(TABLE);
      TableInfo listed = new CatalogReader(connection).read(List.of(TABLE.postgresName())).get(0);

      assertThat(shape.columns()).extracting(RecordShape.Column::name).containsExactlyElementsOf(names);
      assertThat(target.columns()).extracting(CatalogColumn::name).containsExactlyElementsOf(names);
      assertThat(decoded).extracting(PgColumn::name).containsExactlyElementsOf(names);
      assertThat(listed.columns()).extracting(ColumnInfo::name).containsExactlyElementsOf(names);
      assertThat(List.of(shape.primaryKey(), target.primaryKey(), listed.primaryKey()))
          .containsOnly(List.of("id", "line"));

      assertThat(shape.columns().get(2).type()).as("a domain over a domain over numeric(10,2)")
          .isEqualTo(Types.DecimalType.of(10, 2));
      assertThat(shape.columns().get(6).optional()).as("a domain declared NOT NULL").isFalse();
      assertThat(target.columns().get(3)).as("a domain over an array").extracting(CatalogColumn::type,
          CatalogColumn::userType, CatalogColumn::domainBaseType).containsExactly("public.ints", "public.ints",
          "integer[]");
      assertThat(target.columns().get(5).type()).isEqualTo("public.mood[]");
      assertThat(target.columns().get(6).constantDefault()).isEqualTo("'none'::text");
      assertThat(decoded.get(2)).extracting(PgColumn::typeName, PgColumn::typmod)
          .containsExactly("numeric", 10 << 16 | 2 + 4);
      assertThat(listed.columns().get(4).type()).as("as the session's search path shows it").isEqualTo("mood");
    }
  }

  @Test
  void tablesAreReadByNameOrByOid() throws Exception {
    try (Connection connection = server.connect(database)) {
      List<ColumnFacts> byName = CatalogColumns.of(connection, List.of(new TableName("public", "domains")));
      List<ColumnFacts> byOid = CatalogColumns.ofOids(connection, List.of(byName.get(0).tableOid()));
      assertThat(byOid).isEqualTo(byName);
      assertThat(CatalogColumns.ofAllTables(connection)).containsAll(byName);
    }
  }

  private static SourceDefinition source(Path warehouse) throws Exception {
    String yaml = TutorialFixture.pipelineYaml(server, warehouse, 1)
        .replace("tables: inventory.public.orders", "tables: " + database + ".public.domains");
    return PipelineDefinitionBuilder.from(new PipelineYamlReader().read(yaml)).build().source();
  }
}
