package dev.cdcwizard.app.step.connect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.wizard.ConnectionSettings;
import dev.cdcwizard.i18n.Message;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class ConnectViewModelTest {
  private final ConnectionSettings settings = new ConnectionSettings();
  private final ConnectViewModel viewModel = new ConnectViewModel(settings, Runnable::run, endpoint -> "16.4");

  @Test
  void validOnlyWithHostPortDatabaseAndUser() {
    assertThat(viewModel.isValid()).as("no database yet").isFalse();

    settings.databaseProperty().set("inventory");
    assertThat(viewModel.isValid()).isTrue();

    settings.portProperty().set("65536");
    assertThat(viewModel.isValid()).isFalse();
    assertThat(viewModel.errorOf(ConnectionField.PORT).get()).isEqualTo(Message.of("wizard.connect.error.portInvalid"));

    settings.portProperty().set(" 5433 ");
    assertThat(viewModel.isValid()).isTrue();

    settings.userProperty().set("  ");
    assertThat(viewModel.isValid()).isFalse();
    assertThat(viewModel.errorOf(ConnectionField.USER).get()).isEqualTo(Message.of("wizard.connect.error.userRequired"));
  }

  @Test
  void sqlStatesPointAtTheFieldToFix() {
    assertThat(ConnectionFailure.of(new SQLException("x", "28P01")).field()).isEqualTo(ConnectionField.PASSWORD);
    assertThat(ConnectionFailure.of(new SQLException("x", "3D000")).field()).isEqualTo(ConnectionField.DATABASE);
    assertThat(ConnectionFailure.of(new SQLException("x", "08001")).field()).isEqualTo(ConnectionField.HOST);
    assertThat(ConnectionFailure.of(new SQLException("x", "08004")).field()).isEqualTo(ConnectionField.SSL_MODE);
    ConnectionFailure other = ConnectionFailure.of(new SQLException("disk full", "53100"));
    assertThat(other.field()).isNull();
    assertThat(other.message()).isEqualTo(Message.of("wizard.connect.failure.other", "disk full"));
  }

  @Test
  void theEndpointCarriesWhatWasTyped() {
    settings.fill(" db.example.com ", 5433, "inventory", "cdc", "secret");

    assertThat(settings.toEndpoint().jdbcUrl()).isEqualTo("jdbc:postgresql://db.example.com:5433/inventory");
    assertThat(settings.toEndpoint().toString()).doesNotContain("secret");
  }
}
