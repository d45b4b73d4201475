package dev.cdcwizard.app.wizard;

import dev.cdcwizard.engine.postgres.PostgresEndpoint.SslMode;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The source database as the user types it. The port stays text until it is valid, so that a
 * half-typed value is shown as typed. Has no {@code toString}: the password must not reach a log.
 */
public final class ConnectionSettings {
  private final StringProperty host = new SimpleStringProperty(this, "host", "localhost");
  private final StringProperty port =
      new SimpleStringProperty(this, "port", Integer.toString(PostgresEndpoint.DEFAULT_PORT));
  private final StringProperty database = new SimpleStringProperty(this, "database", "");
  private final StringProperty user = new SimpleStringProperty(this, "user", "postgres");
  private final StringProperty password = new SimpleStringProperty(this, "password", "");
  private final ObjectProperty<SslMode> sslMode = new SimpleObjectProperty<>(this, "sslMode", SslMode.PREFER);
  private final BooleanProperty tested = new SimpleBooleanProperty(this, "tested");

  public StringProperty hostProperty() {
    return host;
  }

  public StringProperty portProperty() {
    return port;
  }

  public StringProperty databaseProperty() {
    return database;
  }

  public StringProperty userProperty() {
    return user;
  }

  public StringProperty passwordProperty() {
    return password;
  }

  public ObjectProperty<SslMode> sslModeProperty() {
    return sslMode;
  }

  /** True once a connection test of exactly these settings succeeded; the steps after Connect need it. */
  public BooleanProperty testedProperty() {
    return tested;
  }

  public void fill(String host, int port, String database, String user, String password) {
    this.host.set(host);
    this.port.set(Integer.toString(port));
    this.database.set(database);
    this.user.set(user);
    this.password.set(password);
  }

  /** The endpoint; call only when the port is a number (the connect step's validation ensures it). */
  public PostgresEndpoint toEndpoint() {
    return new PostgresEndpoint(host.get().strip(), Integer.parseInt(port.get().strip()),
        database.get().strip(), user.get().strip(), password.get(), sslMode.get());
  }
}
