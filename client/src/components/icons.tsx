import { icon } from './icons/icon';

/**
 * Line icons on a 24 px grid, drawn with currentColor from one SVG sprite (icons/sprite.svg):
 * the path data stays out of the JavaScript bundles (the home page has a JS budget), and every
 * chunk pays only a few bytes per icon. Decorative (aria-hidden): give the control a name instead.
 */
export { BrandMark } from './icons/brand-mark';

export const AlertIcon = icon('alert');
export const ArrowRightIcon = icon('arrow-right');
export const BagIcon = icon('bag');
export const BlenderIcon = icon('blender');
export const CheckIcon = icon('check');
export const ChevronDownIcon = icon('chevron-down');
export const ClockIcon = icon('clock');
export const CloseIcon = icon('close');
export const DashboardIcon = icon('dashboard');
export const DropletIcon = icon('droplet');
export const HeartIcon = icon('heart');
export const HomeIcon = icon('home');
export const InstagramIcon = icon('instagram');
export const LeafIcon = icon('leaf');
export const LinkedInIcon = icon('linkedin');
export const LogInIcon = icon('log-in');
export const LogOutIcon = icon('log-out');
export const MailIcon = icon('mail');
export const MapPinIcon = icon('map-pin');
export const MenuIcon = icon('menu');
export const PackageIcon = icon('package');
export const PauseIcon = icon('pause', true);
export const PhoneIcon = icon('phone');
export const PlayIcon = icon('play', true);
export const PlusIcon = icon('plus');
export const RefreshIcon = icon('refresh');
export const RepeatIcon = icon('repeat');
export const ShieldIcon = icon('shield');
export const SlidersIcon = icon('sliders');
export const SparkleIcon = icon('sparkle');
export const SproutIcon = icon('sprout');
export const StarIcon = icon('star', true);
export const TruckIcon = icon('truck');
export const UserIcon = icon('user');
export const XIcon = icon('x-brand');
export const YouTubeIcon = icon('youtube');
