package dev.cdcwizard.app.step.publication;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.engine.SourceDatabase;
import dev.cdcwizard.app.wizard.WizardState;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;

class PublicationViewModelTest {
  private final WizardState state = new WizardState();
  private final PublicationViewModel viewModel = new PublicationViewModel(state.connection(), state, state,
      SourceDatabase.ENGINE, (problem, fix, cause) -> {}, Runnable::run);

  @BeforeAll
  static void startToolkit() throws TimeoutException {
    // the step waits for a pause in typing with a JavaFX PauseTransition
    FxToolkit.registerPrimaryStage();
  }

  @Test
  void theTutorialsNamesAreValid() {
    assertThat(viewModel.publicationErrorBinding().get()).isNull();
    assertThat(viewModel.slotErrorBinding().get()).isNull();
  }

  @Test
  void slotNamesFollowPostgresRules() {
    viewModel.slotNameProperty().set("Orders-Slot");
    assertThat(viewModel.slotErrorBinding().get()).isNotNull();

    viewModel.slotNameProperty().set("orders_slot_2");
    assertThat(viewModel.slotErrorBinding().get()).isNull();

    viewModel.publicationNameProperty().set("1pub");
    assertThat(viewModel.publicationErrorBinding().get()).isNotNull();
  }

  @Test
  void invalidUntilTheServerSaysThePublicationIsReady() {
    assertThat(viewModel.isValid()).as("not asked the server yet").isFalse();
    assertThat(viewModel.sqlBinding().get()).isEmpty();
  }
}
