/** What every account screen is rendered with, by the build and again by the browser when it hydrates. */
export interface ScreenProps {
  /** Whether the build had the sign-in service's configuration; without it the screen says sign-in is not set up. */
  configured: boolean;
}
