package dev.cdcwizard.app.wizard;

import dev.cdcwizard.engine.postgres.TableName;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ChangeListener;
import javafx.collections.ListChangeListener;

/**
 * The publication and slot names the wizard suggests, from what the pipeline captures: {@code cdc_} and the
 * table's name for one table (the tutorial's {@code cdc_orders}), {@code cdc_} and the database's for
 * several. A name stays the suggestion, and follows the tables and the database, until something else
 * sets it: the user typing one, or an opened pipeline's; or until a pipeline starts, whose slot then exists
 * on that database (another database has no such slot, so the names follow again there).
 */
final class SuggestedNames {
  private static final String PREFIX = "cdc_";
  /** PostgreSQL's limit for a slot's and a publication's name. */
  private static final int MAX_LENGTH = 63;

  private final List<Follower> followers;

  private SuggestedNames(List<Follower> followers) {
    this.followers = followers;
  }

  /** Keeps {@code names} on the suggestion for {@code state}'s database and tables while they follow it. */
  static SuggestedNames follow(WizardState state, StringProperty... names) {
    SuggestedNames suggested = new SuggestedNames(Arrays.stream(names).map(Follower::new).toList());
    Runnable update = () -> {
      String next = of(state.connection().databaseProperty().get(), state.selectedTables());
      suggested.followers.forEach(follower -> follower.suggest(next));
    };
    state.selectedTables().addListener((ListChangeListener<TableName>) change -> update.run());
    state.connection().databaseProperty().addListener((observable, before, after) -> {
      suggested.followers.forEach(Follower::releaseStartedPipelinesName);
      update.run();
    });
    return suggested;
  }

  /** The names as they are now are chosen (an opened pipeline's): they no longer follow the suggestion. */
  void keep() {
    followers.forEach(follower -> follower.following = false);
  }

  /**
   * The names as they are now are a started pipeline's, whose slot exists on this database: they no longer
   * follow the tables, until another database is chosen.
   */
  void keepWhileOnThisDatabase() {
    followers.forEach(follower -> {
      follower.following = false;
      follower.startedPipelines = true;
    });
  }

  /** {@code cdc_} and the one table's name, or the database's for several; made a valid slot name. */
  static String of(String database, List<TableName> tables) {
    String base = tables.size() == 1 ? tables.get(0).name() : database == null ? "" : database;
    String cleaned = base.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]+", "_").replaceAll("^_+|_+$", "");
    String name = PREFIX + (cleaned.isEmpty() ? "pipeline" : cleaned);
    return name.length() <= MAX_LENGTH ? name : name.substring(0, MAX_LENGTH);
  }

  private static final class Follower {
    private final StringProperty name;
    private String suggestion;
    private boolean following = true;
    /** Kept for a started pipeline, not typed: another database lets the name follow again. */
    private boolean startedPipelines;
    private boolean suggesting;

    Follower(StringProperty name) {
      this.name = name;
      this.suggestion = name.get();
      name.addListener((ChangeListener<String>) (observable, before, after) -> {
        if (!suggesting) {
          following = after != null && after.equals(suggestion);
          startedPipelines = false;
        }
      });
    }

    void releaseStartedPipelinesName() {
      if (startedPipelines) {
        following = true;
        startedPipelines = false;
      }
    }

    void suggest(String next) {
      suggestion = next;
      if (following && !next.equals(name.get())) {
        suggesting = true;
        try {
          name.set(next);
        } finally {
          suggesting = false;
        }
      }
    }
  }
}
