package dev.cdcwizard.engine.postgres.publication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.testing.SharedPostgres;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class PublicationsIT {
  private static final TableName ITEMS = new TableName("public", "Order Items");
  private static final TableName EVIL = new TableName("public", "a\"; DROP TABLE b; --");
  private static final TableName B = new TableName("public", "b");
  private static final TableName MEASUREMENTS = new TableName("public", "measurements");
  private static EmbeddedPostgresServer server;
  private static String database;

  @BeforeAll
  static void createTables() throws Exception {
    server = SharedPostgres.server();
    database = SharedPostgres.newDatabase("publications");
    server.execute(database,
        "CREATE TABLE " + ITEMS.quoted() + " (id int PRIMARY KEY)",
        "CREATE TABLE " + EVIL.quoted() + " (id int PRIMARY KEY)",
        "CREATE TABLE b (id int PRIMARY KEY)",
        "CREATE TABLE measurements (id int, taken date, PRIMARY KEY (id, taken)) PARTITION BY RANGE (taken)",
        "CREATE TABLE measurements_2024 PARTITION OF measurements FOR VALUES FROM ('2024-01-01') TO ('2025-01-01')");
  }

  @Test
  void injectionShapedNamesArePublishedAndInjectNothing() throws Exception {
    try (Connection connection = server.connect(database)) {
      Publications publications = new Publications(connection);
      PublicationPlan plan = publications.planCreate("Evil \"pub\"", List.of(ITEMS, EVIL));
      assertThat(plan.sql()).contains("\"a\"\"; DROP TABLE b; --\"");
      plan.execute(connection);

      PublicationInfo info = publications.find("Evil \"pub\"").orElseThrow();
      assertThat(info.tables()).containsExactlyInAnyOrder(ITEMS, EVIL);
      assertThat(info.viaPartitionRoot()).isTrue();
      assertThat(info.publishesAllChanges()).isTrue();
      assertThat(tableExists(connection, "b")).isTrue();

      publications.planDrop("Evil \"pub\"").execute(connection);
      assertThat(publications.find("Evil \"pub\"")).isEmpty();
      assertThat(tableExists(connection, "b")).isTrue();
    }
  }

  @Test
  void addsAndRemovesTables() throws Exception {
    try (Connection connection = server.connect(database)) {
      Publications publications = new Publications(connection);
      publications.planCreate("changing", List.of(ITEMS)).execute(connection);
      publications.planAddTables("changing", List.of(B, EVIL)).execute(connection);
      assertThat(publications.find("changing").orElseThrow().tables()).containsExactlyInAnyOrder(ITEMS, B, EVIL);
      publications.planRemoveTables("changing", List.of(ITEMS)).execute(connection);
      assertThat(publications.find("changing").orElseThrow().tables()).containsExactlyInAnyOrder(B, EVIL);
      assertThat(publications.planSync("changing", List.of(B, EVIL)).isEmpty()).isTrue();
      publications.planSync("changing", List.of(ITEMS)).execute(connection);
      assertThat(publications.find("changing").orElseThrow().tables()).containsExactly(ITEMS);
      publications.planDrop("changing").execute(connection);
    }
  }

  @Test
  void partitionedTablesPublishUnderTheRootName() throws Exception {
    try (Connection connection = server.connect(database)) {
      Publications publications = new Publications(connection);
      publications.planCreate("partitioned", List.of(MEASUREMENTS)).execute(connection);
      assertThat(publishedTables(connection, "partitioned")).containsExactly("measurements");
      publications.planDrop("partitioned").execute(connection);
    }
  }

  @Test
  void aFailingPlanChangesNothing() throws Exception {
    try (Connection connection = server.connect(database)) {
      Publications publications = new Publications(connection);
      publications.planCreate("atomic", List.of(ITEMS)).execute(connection);
      PublicationPlan plan = new PublicationPlan(List.of(
          publications.planAddTables("atomic", List.of(B)).statements().get(0),
          "ALTER PUBLICATION \"atomic\" ADD TABLE \"public\".\"no such table\""));
      assertThatThrownBy(() -> plan.execute(connection))
          .isInstanceOf(SQLException.class);
      assertThat(publications.find("atomic").orElseThrow().tables()).containsExactly(ITEMS);
      publications.planDrop("atomic").execute(connection);
    }
  }

  private static boolean tableExists(Connection connection, String name) throws Exception {
    try (PreparedStatement statement = connection.prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
      statement.setString(1, "public." + name);
      try (ResultSet rs = statement.executeQuery()) {
        rs.next();
        return rs.getBoolean(1);
      }
    }
  }

  private static List<String> publishedTables(Connection connection, String publication) throws Exception {
    List<String> tables = new ArrayList<>();
    try (PreparedStatement statement = connection.prepareStatement(
        "SELECT tablename FROM pg_publication_tables WHERE pubname = ?")) {
      statement.setString(1, publication);
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          tables.add(rs.getString(1));
        }
      }
    }
    return tables;
  }
}
