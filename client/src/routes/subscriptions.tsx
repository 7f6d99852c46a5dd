export default function SubscriptionsPage() {
  return <section data-page="subscriptions" />;
}
