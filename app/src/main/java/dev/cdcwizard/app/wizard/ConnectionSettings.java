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
 * A PostgreSQL database as the user gives it: the source's, or a PostgreSQL target's. The port is a number,
 * empty while the form's text is not one (the form keeps the text as typed). Has no {@code toString}: the
 * password must not reach a log.
 */
public final class ConnectionSettings {
  private final StringProperty host = new SimpleStringProperty(this, "host", "localhost");
  private final ObjectProperty<Integer> port = new SimpleObjectProperty<>(this, "port", PostgresEndpoint.DEFAULT_PORT);
  private final StringProperty database = new SimpleStringProperty(this, "database", "");
  private final StringProperty user = new SimpleStringProperty(this, "user", "postgres");
  private final StringProperty password = new SimpleStringProperty(this, "password", "");
  private final ObjectProperty<SslMode> sslMode = new SimpleObjectProperty<>(this, "sslMode", SslMode.PREFER);
  private final BooleanProperty tested = new SimpleBooleanProperty(this, "tested");

  public StringProperty hostProperty() {
    return host;
  }

  /** The port, 1 to 65535; null while the text typed is not one. */
  public ObjectProperty<Integer> portProperty() {
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
    this.port.set(port);
    this.database.set(database);
    this.user.set(user);
    this.password.set(password);
  }

  /**
   * The endpoint.
   *
   * @throws IllegalArgumentException while the port is not set (the form's validation says why)
   */
  public PostgresEndpoint toEndpoint() {
    Integer number = port.get();
    if (number == null) {
      throw new IllegalArgumentException("The port is not a number from 1 to 65535");
    }
    return new PostgresEndpoint(host.get().strip(), number, database.get().strip(), user.get().strip(),
        password.get(), sslMode.get());
  }
}
