package dev.cdcwizard.app.step.connect;

/** The fields of the connection step, so that an error can be shown next to the one it concerns. */
public enum ConnectionField { HOST, PORT, DATABASE, USER, PASSWORD, SSL_MODE }
