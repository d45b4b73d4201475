package dev.cdcwizard.app.step.connect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.connection.ConnectionField;
import dev.cdcwizard.app.wizard.ConnectionSettings;
import dev.cdcwizard.engine.postgres.ServerVersion;
import dev.cdcwizard.i18n.Message;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

class ConnectViewModelTest {
  @BeforeAll
  static void startToolkit() throws TimeoutException {
    FxToolkit.registerPrimaryStage();
  }

  private final ConnectionSettings settings = new ConnectionSettings();
  private final ConnectViewModel viewModel = new ConnectViewModel(settings, Runnable::run, endpoint -> new ServerVersion(160004, "16.4"));

  @Test
  void fieldsValidOnlyWithHostPortDatabaseAndUser() {
    assertThat(viewModel.fieldsValidBinding().get()).as("no database yet").isFalse();

    settings.databaseProperty().set("inventory");
    assertThat(viewModel.fieldsValidBinding().get()).isTrue();

    viewModel.form().portTextProperty().set("65536");
    assertThat(viewModel.fieldsValidBinding().get()).isFalse();
    assertThat(viewModel.errorOf(ConnectionField.PORT).get()).isEqualTo(Message.of("wizard.connect.error.portInvalid"));

    viewModel.form().portTextProperty().set(" 5433 ");
    assertThat(settings.portProperty().get()).isEqualTo(5433);
    assertThat(viewModel.fieldsValidBinding().get()).isTrue();

    settings.userProperty().set("  ");
    assertThat(viewModel.fieldsValidBinding().get()).isFalse();
    assertThat(viewModel.errorOf(ConnectionField.USER).get()).isEqualTo(Message.of("wizard.connect.error.userRequired"));
  }

  @Test
  void nextNeedsASuccessfulTestOfTheseSettings() {
    settings.databaseProperty().set("inventory");
    assertThat(viewModel.isValid()).as("not tested").isFalse();

    WaitForAsyncUtils.waitForAsyncFx(5000, viewModel::testConnection);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(viewModel.isValid()).as("tested").isTrue();

    settings.hostProperty().set("elsewhere");
    assertThat(viewModel.isValid()).as("other settings, not tested").isFalse();
  }

  @Test
  void theEndpointCarriesWhatWasTyped() {
    settings.fill(" db.example.com ", 5433, "inventory", "cdc", "secret");

    assertThat(settings.toEndpoint().jdbcUrl()).isEqualTo("jdbc:postgresql://db.example.com:5433/inventory");
    assertThat(settings.toEndpoint().toString()).doesNotContain("secret");
  }
}
