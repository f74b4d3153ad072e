"""Illusio: magicians build tricks from Components and race to the target."""
