package dev.cdcwizard.engine.postgres.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.postgres.TableName;
import org.junit.jupiter.api.Test;

class PartitionScriptsTest {

  @Test
  void quotesTheRootAsALiteralOfItsQuotedName() {
    assertThat(PartitionScripts.forEachPartition(new TableName("public", "it's"), "ALTER TABLE %s REPLICA IDENTITY FULL"))
        .isEqualTo("DO $cdc$DECLARE r regclass; BEGIN FOR r IN SELECT relid FROM pg_partition_tree("
            + "'\"public\".\"it''s\"'::regclass) LOOP EXECUTE format('ALTER TABLE %s REPLICA IDENTITY FULL', r);"
            + " END LOOP; END$cdc$;");
  }

  @Test
  void picksADollarTagNoNameCanClose() {
    String script = PartitionScripts.forEachPartition(new TableName("public", "x$cdc$y"), "ALTER TABLE %s OWNER TO a");
    assertThat(script).startsWith("DO $cdc0$").endsWith("$cdc0$;");
  }
}
