package dev.cdcwizard.app.step.publication;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.wizard.WizardState;
import org.junit.jupiter.api.Test;

class PublicationViewModelTest {
  private final WizardState state = new WizardState();
  private final PublicationViewModel viewModel = new PublicationViewModel(state, Runnable::run);

  @Test
  void theTutorialsNamesAreValid() {
    assertThat(viewModel.isValid()).isTrue();
  }

  @Test
  void slotNamesFollowPostgresRules() {
    viewModel.slotNameProperty().set("Orders-Slot");
    assertThat(viewModel.isValid()).isFalse();
    assertThat(viewModel.slotErrorBinding().get()).isNotNull();

    viewModel.slotNameProperty().set("orders_slot_2");
    assertThat(viewModel.isValid()).isTrue();

    viewModel.publicationNameProperty().set("1pub");
    assertThat(viewModel.isValid()).isFalse();
  }

  @Test
  void showsTheSqlItWillRunWithQuotedNamesWhereNeeded() {
    state.selectedTables().setAll("public.orders", "Sales.Order Items");

    assertThat(viewModel.sqlBinding().get())
        .isEqualTo("CREATE PUBLICATION cdc_orders FOR TABLE public.orders, \"Sales\".\"Order Items\";");

    viewModel.createPublicationProperty().set(false);
    assertThat(viewModel.sqlBinding().get()).isEmpty();
  }
}
