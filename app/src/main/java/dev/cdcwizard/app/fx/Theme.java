package dev.cdcwizard.app.fx;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import javafx.application.Application;

/** The AtlantaFX themes the user can pick; a theme is the application-wide user agent stylesheet. */
public enum Theme {
  LIGHT(new PrimerLight().getUserAgentStylesheet()),
  DARK(new PrimerDark().getUserAgentStylesheet());

  private final String userAgentStylesheet;

  Theme(String userAgentStylesheet) {
    this.userAgentStylesheet = userAgentStylesheet;
  }

  public void apply() {
    Application.setUserAgentStylesheet(userAgentStylesheet);
  }
}
