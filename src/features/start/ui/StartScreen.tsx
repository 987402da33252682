import { Anchor, Card, Center, Grid, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, Navigate } from 'react-router-dom';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { QueryFailure } from '../../../components/offline/OfflineUnavailable';
import { LOGIN_PATH } from '../../../routes/entry-navigation';
import { useReferralModal } from '../../account';
import { useContactModal } from '../../contact';
import { useStartPage } from '../../offers';
import { BlogTeasers } from './BlogTeasers';
import { FeaturedOfferCard } from './FeaturedOfferCard';
import { GreetingRotator } from './GreetingRotator';
import { ContactCard, FaqLink, TopChateaus, WeinweltCard } from './StartCards';
import { StorageSection } from './StorageSection';
import { START_LOAD_FAILED, startFailure } from './start-failure';

const SHORTCUTS = [
  { title: 'Mein Weindepot', text: 'Ihre Positionen, Werte und Zertifikate.', path: '/admin/depot' },
  {
    title: 'Top Angebote',
    text: 'Limitierte Allokationen ausgewählter Spitzenweine.',
    path: '/admin/weinangebot',
  },
  { title: 'Weinwissen', text: 'Videos rund um Wein als Wertanlage.', path: '/admin/academy-overview' },
];

/** `/admin/start`: greeting, shortcuts, storage, the featured offer, châteaus, contact and blog. */
export function StartScreen() {
  useDocumentTitle('Willkommen – Weindepot');
  const start = useStartPage();
  const contact = useContactModal();
  const referral = useReferralModal();

  if (start.isPending) {
    return (
      <Center mih="60vh" role="status" aria-label="Wird geladen">
        <Loader />
      </Center>
    );
  }
  // Only an ended session goes to the login; otherwise the last loaded page stays (offline copy)
  // or a German message offers to try again.
  const failure = start.isError ? startFailure(start.error) : null;
  if (failure?.kind === 'login') return <Navigate to={LOGIN_PATH} replace />;
  const data = start.data;
  if (!data && failure?.kind === 'retry') {
    return (
      <QueryFailure>
        <LoadFailedAlert
          title={START_LOAD_FAILED}
          retryLabel="Erneut versuchen"
          onRetry={start.refetch}
          retrying={start.isFetching}
        >
          <Text size="sm">{failure.message}</Text>
        </LoadFailedAlert>
      </QueryFailure>
    );
  }
  if (!data?.me)
    return (
      <QueryFailure>
        <Text role="alert">Es ist ein Fehler aufgetreten</Text>
      </QueryFailure>
    );

  const featured = data.featuredOffer ?? null;
  const storageImage = data.allBrandImages.find((image) => image.title === 'Lager Genf')?.image ?? null;

  return (
    <Stack gap="xl">
      <GreetingRotator directSalutation={data.me.directSalutation} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {SHORTCUTS.map((shortcut) => (
          <Card key={shortcut.path} withBorder radius="md" padding="lg" component={Link} to={shortcut.path}>
            <Title order={2} size="h4">
              {shortcut.title}
            </Title>
            <Text size="sm" c="dimmed">
              {shortcut.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <StorageSection posterImage={storageImage} onRecommend={referral.open} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <FeaturedOfferCard offer={featured} onContact={contact.open} />
        </Grid.Col>
      </Grid>
      <TopChateaus wineries={data.allWineries} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <WeinweltCard />
        <ContactCard onContact={contact.open} />
      </SimpleGrid>
      <FaqLink />
      <BlogTeasers posts={data.allPostPages} />
      <Group gap="lg">
        <Anchor component={Link} to="/admin/weinangebot" size="sm">
          Jetzt investieren
        </Anchor>
        <Anchor component={Link} to="/admin/weinangebot" size="sm">
          Portfolio ausbauen
        </Anchor>
        <Anchor component={Link} to="/admin/portfolio-entwicklung" size="sm">
          Intelligente Portfolioentwicklung starten
        </Anchor>
      </Group>
    </Stack>
  );
}
