import type { ArticleContent } from '@stramien/domain';

/**
 * The starter set of the knowledge base, seeded at first start (seedKnowledgeBase): what a new user of Stramien needs
 * to know, in English, Dutch and German. Fixed ids, so a link to an article works on every installation. After the
 * first start these are ordinary articles: system admins change or delete them in /admin/knowledge-base.
 */
export const STARTER_ARTICLES: readonly (ArticleContent & { articleId: string })[] = [
  {
    articleId: '5f0c6a8e-1d0b-4c39-9a55-0a7e3f1b2c01',
    position: 10,
    translations: {
      en: {
        title: 'Getting started: the dashboard',
        body: `Stramien is the common data environment (CDE) of your construction projects: one place where the project team keeps its tasks, workflows, tables, the work-breakdown structure (SBS) and the data of the modules, instead of in mail boxes and spreadsheets.

## Signing in and your licence
You sign in with your e-mail address and password. Your organisation's environment is called a **licence**. If you belong to more than one licence, Stramien asks which one to open; you can switch later with **Change licence** in the user menu (top right).

## The dashboard
After signing in you land on the **dashboard**:

- **Projects**: a card for every project you are a member of, with its number, name and image. Click a card to open the project. The star adds a project to your favourites; favourites come first.
- **Today's tasks**: the tasks assigned to you that are due today, so you see at a glance what needs doing.
- **Create project**: shown when you may create projects in this licence.

A short guided tour explains these parts the first time you open the dashboard.

## The app bar
The bar at the top is always there:

- the **licence name** (click it to change licence) and the **projects** button, which brings you back to the dashboard;
- the **apps menu** of the open project (its modules and general apps);
- **today's tasks** and the **tasks overview** sidebars;
- the **bell** with your notifications;
- your **name**: the user menu with profile settings, downloads, documentation (this knowledge base), what's new, the language (English, Nederlands, Deutsch) and log out.

## Where to go next
Read *Projects and members* to set up a project, and *Tasks* to plan the work.`,
      },
      nl: {
        title: 'Aan de slag: het dashboard',
        body: `Stramien is de common data environment (CDE) van je bouwprojecten: één plek waar het projectteam zijn taken, workflows, tabellen, de werkopdeling (SBS) en de gegevens van de modules bewaart, in plaats van in mailboxen en spreadsheets.

## Inloggen en je licentie
Je logt in met je e-mailadres en wachtwoord. De omgeving van je organisatie heet een **licentie**. Hoor je bij meer dan één licentie, dan vraagt Stramien welke je wilt openen; later wissel je met **Licentie wijzigen** in het gebruikersmenu (rechtsboven).

## Het dashboard
Na het inloggen kom je op het **dashboard**:

- **Projecten**: een kaart voor elk project waarvan je lid bent, met nummer, naam en afbeelding. Klik op een kaart om het project te openen. Met de ster maak je een project favoriet; favorieten staan vooraan.
- **Taken van vandaag**: de taken die aan jou zijn toegewezen en vandaag klaar moeten zijn, zodat je meteen ziet wat er moet gebeuren.
- **Project aanmaken**: zichtbaar als je in deze licentie projecten mag aanmaken.

De eerste keer dat je het dashboard opent, legt een korte rondleiding deze onderdelen uit.

## De appbalk
De balk bovenaan is er altijd:

- de **licentienaam** (klik om van licentie te wisselen) en de knop **projecten**, die je terugbrengt naar het dashboard;
- het **appmenu** van het geopende project (de modules en algemene apps);
- de zijbalken **taken van vandaag** en **takenoverzicht**;
- de **bel** met je meldingen;
- je **naam**: het gebruikersmenu met profielinstellingen, downloads, documentatie (deze kennisbank), wat is er nieuw, de taal (English, Nederlands, Deutsch) en uitloggen.

## Verder lezen
Lees *Projecten en leden* om een project in te richten, en *Taken* om het werk te plannen.`,
      },
      de: {
        title: 'Erste Schritte: das Dashboard',
        body: `Stramien ist die Common Data Environment (CDE) Ihrer Bauprojekte: ein Ort, an dem das Projektteam Aufgaben, Workflows, Tabellen, den Projektstrukturplan (SBS) und die Daten der Module verwaltet – statt in Postfächern und Tabellenkalkulationen.

## Anmelden und Ihre Lizenz
Sie melden sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an. Die Umgebung Ihrer Organisation heißt **Lizenz**. Gehören Sie zu mehreren Lizenzen, fragt Stramien, welche geöffnet werden soll; später wechseln Sie über **Lizenz wechseln** im Benutzermenü (oben rechts).

## Das Dashboard
Nach der Anmeldung landen Sie auf dem **Dashboard**:

- **Projekte**: eine Karte für jedes Projekt, in dem Sie Mitglied sind, mit Nummer, Name und Bild. Ein Klick auf die Karte öffnet das Projekt. Mit dem Stern wird ein Projekt zum Favoriten; Favoriten stehen vorne.
- **Heutige Aufgaben**: die Ihnen zugewiesenen Aufgaben, die heute fällig sind – so sehen Sie sofort, was zu tun ist.
- **Projekt anlegen**: sichtbar, wenn Sie in dieser Lizenz Projekte anlegen dürfen.

Beim ersten Öffnen des Dashboards erklärt eine kurze Tour diese Bereiche.

## Die App-Leiste
Die Leiste oben ist immer da:

- der **Lizenzname** (Klick wechselt die Lizenz) und die Schaltfläche **Projekte**, die Sie zum Dashboard zurückbringt;
- das **App-Menü** des geöffneten Projekts (Module und allgemeine Apps);
- die Seitenleisten **Heutige Aufgaben** und **Aufgabenübersicht**;
- die **Glocke** mit Ihren Benachrichtigungen;
- Ihr **Name**: das Benutzermenü mit Profileinstellungen, Downloads, Dokumentation (diese Wissensdatenbank), Was ist neu, Sprache (English, Nederlands, Deutsch) und Abmelden.

## Wie es weitergeht
Lesen Sie *Projekte und Mitglieder*, um ein Projekt einzurichten, und *Aufgaben*, um die Arbeit zu planen.`,
      },
    },
  },
  {
    articleId: '5f0c6a8e-1d0b-4c39-9a55-0a7e3f1b2c02',
    position: 20,
    translations: {
      en: {
        title: 'Projects and members',
        body: `Everything in Stramien happens inside a **project**: a building, a renovation, a series of prefab homes. A project has a number, a name, an image and the modules your licence offers.

## Creating a project
On the dashboard choose **Create project** (licence admins and system admins). Fill in:

1. the **number** (your own project number, e.g. \`2024-017\`) and the **name**;
2. the **modules** the project uses, such as the build order, the model viewer or the 4D planning;
3. the **roles**: for example *Project lead* (marked **Project admin**), *Site manager*, *Subcontractor*. You become a member with the first project-admin role.

## Members and roles
Open the project and go to **Project settings → Members and roles**. There you:

- **add a member**: pick a user of your licence and give them a role;
- **change a role** or **remove** a member;
- add, rename or delete **roles**. A role marked *Project admin* may change the project's settings, tables, SBS and workflows.

Only members see a project. Licence admins see every project of the licence; when they are not a member, the project shows *"You are not added to this project, connect first"* with a **Connect** button.

## The project overview
The overview of a project shows its card, the **navigation** (tasks, workflows, tables, SBS dashboard, labels, settings), the **modules** grouped by category with a search box, the **links** to outside resources (for example the drawing archive) and the running **workflow sessions**.

## Tips
- Use the star to keep the projects you work on every day at the front of the dashboard.
- **Copy project id** in the apps menu gives you the id that integrations and support ask for.`,
      },
      nl: {
        title: 'Projecten en leden',
        body: `Alles in Stramien gebeurt binnen een **project**: een gebouw, een renovatie, een serie prefab woningen. Een project heeft een nummer, een naam, een afbeelding en de modules die je licentie biedt.

## Een project aanmaken
Kies op het dashboard **Project aanmaken** (licentiebeheerders en systeembeheerders). Vul in:

1. het **nummer** (je eigen projectnummer, bijv. \`2024-017\`) en de **naam**;
2. de **modules** die het project gebruikt, zoals de bouwvolgorde, de modelviewer of de 4D-planning;
3. de **rollen**: bijvoorbeeld *Projectleider* (gemarkeerd als **Projectbeheerder**), *Uitvoerder*, *Onderaannemer*. Je wordt zelf lid met de eerste projectbeheerdersrol.

## Leden en rollen
Open het project en ga naar **Projectinstellingen → Leden en rollen**. Daar kun je:

- **een lid toevoegen**: kies een gebruiker van je licentie en geef die een rol;
- **een rol wijzigen** of een lid **verwijderen**;
- **rollen** toevoegen, hernoemen of verwijderen. Een rol met *Projectbeheerder* mag de instellingen, tabellen, SBS en workflows van het project wijzigen.

Alleen leden zien een project. Licentiebeheerders zien alle projecten van de licentie; zijn ze geen lid, dan toont het project *"Je bent niet aan dit project toegevoegd, maak eerst verbinding"* met een knop **Verbinden**.

## Het projectoverzicht
Het overzicht van een project toont de projectkaart, de **navigatie** (taken, workflows, tabellen, SBS-dashboard, labels, instellingen), de **modules** per categorie met een zoekveld, de **links** naar externe bronnen (bijvoorbeeld het tekeningenarchief) en de lopende **workflowsessies**.

## Tips
- Gebruik de ster om de projecten waar je dagelijks aan werkt vooraan op het dashboard te houden.
- **Project-id kopiëren** in het appmenu geeft het id waar koppelingen en support om vragen.`,
      },
      de: {
        title: 'Projekte und Mitglieder',
        body: `Alles in Stramien geschieht in einem **Projekt**: einem Gebäude, einer Sanierung, einer Serie von Fertighäusern. Ein Projekt hat eine Nummer, einen Namen, ein Bild und die Module, die Ihre Lizenz bietet.

## Ein Projekt anlegen
Wählen Sie auf dem Dashboard **Projekt anlegen** (Lizenz- und Systemadministratoren). Geben Sie an:

1. die **Nummer** (Ihre eigene Projektnummer, z. B. \`2024-017\`) und den **Namen**;
2. die **Module**, die das Projekt nutzt, etwa die Baureihenfolge, den Modellviewer oder die 4D-Planung;
3. die **Rollen**: zum Beispiel *Projektleitung* (markiert als **Projektadministrator**), *Bauleitung*, *Nachunternehmer*. Sie selbst werden Mitglied mit der ersten Projektadministrator-Rolle.

## Mitglieder und Rollen
Öffnen Sie das Projekt und gehen Sie zu **Projekteinstellungen → Mitglieder und Rollen**. Dort können Sie:

- **ein Mitglied hinzufügen**: einen Benutzer Ihrer Lizenz wählen und ihm eine Rolle geben;
- **eine Rolle ändern** oder ein Mitglied **entfernen**;
- **Rollen** hinzufügen, umbenennen oder löschen. Eine Rolle mit *Projektadministrator* darf Einstellungen, Tabellen, SBS und Workflows des Projekts ändern.

Nur Mitglieder sehen ein Projekt. Lizenzadministratoren sehen alle Projekte der Lizenz; sind sie kein Mitglied, zeigt das Projekt *„Sie sind diesem Projekt nicht hinzugefügt, verbinden Sie sich zuerst"* mit der Schaltfläche **Verbinden**.

## Die Projektübersicht
Die Übersicht eines Projekts zeigt die Projektkarte, die **Navigation** (Aufgaben, Workflows, Tabellen, SBS-Dashboard, Labels, Einstellungen), die **Module** nach Kategorie mit Suchfeld, die **Links** zu externen Quellen (etwa dem Planarchiv) und die laufenden **Workflow-Sitzungen**.

## Tipps
- Mit dem Stern halten Sie die Projekte, an denen Sie täglich arbeiten, vorne auf dem Dashboard.
- **Projekt-ID kopieren** im App-Menü liefert die ID, nach der Schnittstellen und Support fragen.`,
      },
    },
  },
  {
    articleId: '5f0c6a8e-1d0b-4c39-9a55-0a7e3f1b2c03',
    position: 30,
    translations: {
      en: {
        title: 'Teams and permissions',
        body: `Roles say who is in a project; **teams** say what a group of members may use. A structural engineer needs the tables and the model viewer, a subcontractor perhaps only the tasks of their own part of the building.

## Creating a team
Open **Project settings → Teams** (project admins). Type a name, for example *Installations* or *Façade subcontractor*, and choose **Create**. Open the team to set its permissions on these tabs:

| Tab | What it gives the team's members |
|---|---|
| **Users** | who is in the team (members of the project) |
| **General** | the general apps: workflows, tables, SBS, labels and tasks |
| **Modules** | the project's modules they may open, such as the build order |
| **SBS** | an SBS code and everything below it, read or write |
| **Workflows** | which workflows they may see, and start sessions of (write) |
| **Tables** | per project table: read, create, update, delete records |

A member's rights are those of all their teams together. Project admins may always do everything in their project.

## Who may do what
- **System admins** may do everything.
- **Licence admins** manage the users and projects of their licence (/admin).
- **Project admins** manage a project's settings, members, teams, tables, SBS and workflows.
- **Members** use what their teams allow.

## Good practice
- Make teams for trades or companies, not for single persons: when someone joins, adding them to the right team is all it takes.
- Give *write* on an SBS code only to the people who keep that part of the structure up to date.
- Check a new team by signing in as a test user before you invite the whole company.`,
      },
      nl: {
        title: 'Teams en rechten',
        body: `Rollen bepalen wie er in een project zit; **teams** bepalen wat een groep leden mag gebruiken. Een constructeur heeft de tabellen en de modelviewer nodig, een onderaannemer misschien alleen de taken van zijn eigen deel van het gebouw.

## Een team aanmaken
Open **Projectinstellingen → Teams** (projectbeheerders). Typ een naam, bijvoorbeeld *Installaties* of *Onderaannemer gevel*, en kies **Aanmaken**. Open het team om de rechten in te stellen op deze tabbladen:

| Tabblad | Wat het de leden van het team geeft |
|---|---|
| **Gebruikers** | wie er in het team zit (leden van het project) |
| **Algemeen** | de algemene apps: workflows, tabellen, SBS, labels en taken |
| **Modules** | de modules van het project die ze mogen openen, zoals de bouwvolgorde |
| **SBS** | een SBS-code en alles daaronder, lezen of schrijven |
| **Workflows** | welke workflows ze zien, en waarvan ze sessies mogen starten (schrijven) |
| **Tabellen** | per projecttabel: records lezen, aanmaken, wijzigen, verwijderen |

De rechten van een lid zijn die van al zijn teams samen. Projectbeheerders mogen in hun project altijd alles.

## Wie mag wat
- **Systeembeheerders** mogen alles.
- **Licentiebeheerders** beheren de gebruikers en projecten van hun licentie (/admin).
- **Projectbeheerders** beheren de instellingen, leden, teams, tabellen, SBS en workflows van een project.
- **Leden** gebruiken wat hun teams toestaan.

## Goede gewoonten
- Maak teams per vakgebied of bedrijf, niet per persoon: komt er iemand bij, dan volstaat het om die persoon aan het juiste team toe te voegen.
- Geef *schrijven* op een SBS-code alleen aan wie dat deel van de structuur bijhoudt.
- Controleer een nieuw team door in te loggen als testgebruiker voordat je het hele bedrijf uitnodigt.`,
      },
      de: {
        title: 'Teams und Berechtigungen',
        body: `Rollen legen fest, wer in einem Projekt ist; **Teams** legen fest, was eine Gruppe von Mitgliedern nutzen darf. Ein Tragwerksplaner braucht die Tabellen und den Modellviewer, ein Nachunternehmer vielleicht nur die Aufgaben seines Gebäudeteils.

## Ein Team anlegen
Öffnen Sie **Projekteinstellungen → Teams** (Projektadministratoren). Geben Sie einen Namen ein, etwa *Haustechnik* oder *Nachunternehmer Fassade*, und wählen Sie **Anlegen**. Öffnen Sie das Team, um die Berechtigungen auf diesen Registerkarten festzulegen:

| Registerkarte | Was sie den Mitgliedern des Teams gibt |
|---|---|
| **Benutzer** | wer im Team ist (Mitglieder des Projekts) |
| **Allgemein** | die allgemeinen Apps: Workflows, Tabellen, SBS, Labels und Aufgaben |
| **Module** | die Module des Projekts, die sie öffnen dürfen, etwa die Baureihenfolge |
| **SBS** | einen SBS-Code und alles darunter, lesen oder schreiben |
| **Workflows** | welche Workflows sie sehen und wovon sie Sitzungen starten dürfen (schreiben) |
| **Tabellen** | je Projekttabelle: Datensätze lesen, anlegen, ändern, löschen |

Die Rechte eines Mitglieds sind die aller seiner Teams zusammen. Projektadministratoren dürfen in ihrem Projekt immer alles.

## Wer darf was
- **Systemadministratoren** dürfen alles.
- **Lizenzadministratoren** verwalten die Benutzer und Projekte ihrer Lizenz (/admin).
- **Projektadministratoren** verwalten Einstellungen, Mitglieder, Teams, Tabellen, SBS und Workflows eines Projekts.
- **Mitglieder** nutzen, was ihre Teams erlauben.

## Bewährte Praxis
- Bilden Sie Teams nach Gewerken oder Firmen, nicht nach Personen: Kommt jemand hinzu, genügt es, ihn dem richtigen Team zuzuordnen.
- Geben Sie *schreiben* auf einen SBS-Code nur denen, die diesen Teil der Struktur pflegen.
- Prüfen Sie ein neues Team mit einem Testbenutzer, bevor Sie die ganze Firma einladen.`,
      },
    },
  },
  {
    articleId: '5f0c6a8e-1d0b-4c39-9a55-0a7e3f1b2c04',
    position: 40,
    translations: {
      en: {
        title: 'Tasks: create, assign, Gantt, calendar and board',
        body: `Tasks are the daily work of a project: a request for information (RFI), a check on site, an order to place, a drawing to revise.

## Creating a task
Choose **New task** in a task view or in a project. Fill in:

- **Title** (required) and a short **description** (at most 250 characters);
- **Project** (required; fixed when you start from a project) and, once the project is chosen, its **SBS code** and **labels**;
- **Assigned to** (required): a user who can see the project;
- **Priority**: low, normal, high or urgent;
- **Planned start**, **planned end** and **due** date;
- **Private**: only you and the assignee see a private task.

A task can have **children** (a tree of any depth), **checks** (a checklist), **appendixes** (files), **messages** and **relations** to other tasks (predecessor and successor).

## Assigning and following up
The assignee is told in the bell when a task is assigned to them, and when its status or due date changes. **Close** a task when it is done, **Cancel** it when it is no longer needed, **Reopen** it when it is not done after all. The task detail shows who changed what and when.

## The views
Under **Tasks** you find the same tasks in several views:

- **List**: sort, filter and group thousands of tasks; change status, priority and assignee inline.
- **Board**: lanes of cards. A lane has a rule (a status, an assignee or a label): dragging a card into it applies that rule, for example moving a card to *Closed* closes the task.
- **Gantt**: bars from planned start to due date, with the arrows of predecessors and successors. Drag a bar to move it, drag its end to change its length; zoom by day, week or month.
- **Calendar**: the tasks per month or week on their due date; drag a task to another day to reschedule it.

**Today's tasks** in the app bar lists what is due today; the remaining time shows in weeks, days, hours and minutes, and an overdue task in hours and minutes.`,
      },
      nl: {
        title: 'Taken: aanmaken, toewijzen, Gantt, kalender en bord',
        body: `Taken zijn het dagelijkse werk van een project: een informatieverzoek (RFI), een controle op de bouwplaats, een bestelling, een tekening die herzien moet worden.

## Een taak aanmaken
Kies **Nieuwe taak** in een takenweergave of in een project. Vul in:

- **Titel** (verplicht) en een korte **omschrijving** (maximaal 250 tekens);
- **Project** (verplicht; vast als je vanuit een project begint) en, zodra het project gekozen is, de **SBS-code** en **labels**;
- **Toegewezen aan** (verplicht): een gebruiker die het project kan zien;
- **Prioriteit**: laag, normaal, hoog of urgent;
- **Geplande start**, **gepland einde** en **deadline**;
- **Privé**: alleen jij en de toegewezen persoon zien een privétaak.

Een taak kan **subtaken** hebben (een boom van willekeurige diepte), **controles** (een checklist), **bijlagen** (bestanden), **berichten** en **relaties** met andere taken (voorganger en opvolger).

## Toewijzen en opvolgen
De toegewezen persoon krijgt een melding in de bel als een taak aan die persoon wordt toegewezen, en als de status of deadline verandert. **Sluit** een taak als die klaar is, **annuleer** hem als hij niet meer nodig is, **heropen** hem als hij toch niet klaar is. Het taakdetail toont wie wat wanneer heeft gewijzigd.

## De weergaven
Onder **Taken** vind je dezelfde taken in meerdere weergaven:

- **Lijst**: sorteer, filter en groepeer duizenden taken; wijzig status, prioriteit en toegewezen persoon direct in de lijst.
- **Bord**: banen met kaarten. Een baan heeft een regel (een status, een toegewezen persoon of een label): een kaart erheen slepen past die regel toe, bijvoorbeeld een kaart naar *Gesloten* slepen sluit de taak.
- **Gantt**: balken van geplande start tot deadline, met de pijlen van voorgangers en opvolgers. Sleep een balk om hem te verplaatsen, sleep het uiteinde om de duur te wijzigen; zoom per dag, week of maand.
- **Kalender**: de taken per maand of week op hun deadline; sleep een taak naar een andere dag om hem te verzetten.

**Taken van vandaag** in de appbalk toont wat vandaag klaar moet zijn; de resterende tijd staat in weken, dagen, uren en minuten, en bij een te late taak in uren en minuten.`,
      },
      de: {
        title: 'Aufgaben: anlegen, zuweisen, Gantt, Kalender und Board',
        body: `Aufgaben sind die tägliche Arbeit eines Projekts: eine Informationsanfrage (RFI), eine Prüfung auf der Baustelle, eine Bestellung, ein zu überarbeitender Plan.

## Eine Aufgabe anlegen
Wählen Sie **Neue Aufgabe** in einer Aufgabenansicht oder in einem Projekt. Geben Sie an:

- **Titel** (Pflicht) und eine kurze **Beschreibung** (höchstens 250 Zeichen);
- **Projekt** (Pflicht; fest, wenn Sie aus einem Projekt heraus beginnen) und, sobald das Projekt gewählt ist, den **SBS-Code** und **Labels**;
- **Zugewiesen an** (Pflicht): ein Benutzer, der das Projekt sehen kann;
- **Priorität**: niedrig, normal, hoch oder dringend;
- **Geplanter Beginn**, **geplantes Ende** und **Fälligkeit**;
- **Privat**: nur Sie und die zugewiesene Person sehen eine private Aufgabe.

Eine Aufgabe kann **Unteraufgaben** haben (ein Baum beliebiger Tiefe), **Prüfpunkte** (eine Checkliste), **Anhänge** (Dateien), **Nachrichten** und **Beziehungen** zu anderen Aufgaben (Vorgänger und Nachfolger).

## Zuweisen und nachverfolgen
Die zugewiesene Person wird über die Glocke benachrichtigt, wenn ihr eine Aufgabe zugewiesen wird und wenn sich Status oder Fälligkeit ändern. **Schließen** Sie eine erledigte Aufgabe, **stornieren** Sie eine nicht mehr benötigte, **öffnen** Sie sie **wieder**, wenn sie doch nicht erledigt ist. Das Aufgabendetail zeigt, wer was wann geändert hat.

## Die Ansichten
Unter **Aufgaben** finden Sie dieselben Aufgaben in mehreren Ansichten:

- **Liste**: Tausende Aufgaben sortieren, filtern und gruppieren; Status, Priorität und Zuweisung direkt in der Liste ändern.
- **Board**: Spalten mit Karten. Eine Spalte hat eine Regel (ein Status, eine zugewiesene Person oder ein Label): Eine Karte hineinziehen wendet diese Regel an – eine Karte nach *Geschlossen* zu ziehen schließt zum Beispiel die Aufgabe.
- **Gantt**: Balken vom geplanten Beginn bis zur Fälligkeit, mit den Pfeilen von Vorgängern und Nachfolgern. Ziehen Sie einen Balken, um ihn zu verschieben, oder sein Ende, um die Dauer zu ändern; Zoom nach Tag, Woche oder Monat.
- **Kalender**: die Aufgaben pro Monat oder Woche an ihrem Fälligkeitstag; ziehen Sie eine Aufgabe auf einen anderen Tag, um sie zu verschieben.

**Heutige Aufgaben** in der App-Leiste zeigt, was heute fällig ist; die verbleibende Zeit erscheint in Wochen, Tagen, Stunden und Minuten, bei einer überfälligen Aufgabe in Stunden und Minuten.`,
      },
    },
  },
  {
    articleId: '5f0c6a8e-1d0b-4c39-9a55-0a7e3f1b2c05',
    position: 50,
    translations: {
      en: {
        title: 'Two-factor authentication',
        body: `Project data is valuable: drawings, contracts, prices. **Two-factor authentication (2FA)** protects your account even when someone learns your password: signing in also asks for a six-digit code from an app on your phone.

## Switching it on
1. Install an authenticator app on your phone, for example Microsoft Authenticator or Google Authenticator.
2. In Stramien open the user menu (your name, top right) → **Profile settings**.
3. Under **Two-factor authentication** choose **Set up two-factor authentication**.
4. Scan the QR code with the app. Cannot scan? Type the key shown below the code into the app.
5. Enter the six-digit code the app shows and choose **Enable**.

From now on, signing in asks for a code from the app after your password. A code is valid for about 30 seconds and can be used once; when it is refused as used, wait for the next one.

## Switching it off
In **Profile settings → Two-factor authentication**, enter a current code from the app and choose **Disable two-factor authentication**.

## When your licence requires it
Your organisation may require 2FA. Stramien then takes you to the settings with the message that two-factor authentication is required, and you can continue once it is on.

## A new phone, or a lost one
Move the account to the new phone in your authenticator app before you wipe the old one. If you have lost the phone, ask your system administrator to reset your two-factor authentication; then set it up again.`,
      },
      nl: {
        title: 'Tweestapsverificatie',
        body: `Projectgegevens zijn waardevol: tekeningen, contracten, prijzen. **Tweestapsverificatie (2FA)** beschermt je account ook als iemand je wachtwoord kent: bij het inloggen wordt ook om een zescijferige code uit een app op je telefoon gevraagd.

## Inschakelen
1. Installeer een authenticator-app op je telefoon, bijvoorbeeld Microsoft Authenticator of Google Authenticator.
2. Open in Stramien het gebruikersmenu (je naam, rechtsboven) → **Profielinstellingen**.
3. Kies onder **Tweestapsverificatie** voor **Tweestapsverificatie instellen**.
4. Scan de QR-code met de app. Lukt scannen niet? Typ de sleutel onder de code over in de app.
5. Vul de zescijferige code uit de app in en kies **Inschakelen**.

Vanaf nu vraagt het inloggen na je wachtwoord om een code uit de app. Een code is ongeveer 30 seconden geldig en maar één keer te gebruiken; wordt hij geweigerd als al gebruikt, wacht dan op de volgende.

## Uitschakelen
Vul in **Profielinstellingen → Tweestapsverificatie** een actuele code uit de app in en kies **Tweestapsverificatie uitschakelen**.

## Als je licentie het vereist
Je organisatie kan 2FA verplicht stellen. Stramien brengt je dan naar de instellingen met de melding dat tweestapsverificatie vereist is; je kunt verder zodra die aan staat.

## Een nieuwe of verloren telefoon
Zet het account in je authenticator-app over naar de nieuwe telefoon voordat je de oude wist. Ben je de telefoon kwijt, vraag dan je systeembeheerder je tweestapsverificatie te resetten en stel die daarna opnieuw in.`,
      },
      de: {
        title: 'Zwei-Faktor-Authentifizierung',
        body: `Projektdaten sind wertvoll: Pläne, Verträge, Preise. Die **Zwei-Faktor-Authentifizierung (2FA)** schützt Ihr Konto auch dann, wenn jemand Ihr Passwort kennt: Die Anmeldung verlangt zusätzlich einen sechsstelligen Code aus einer App auf Ihrem Telefon.

## Einschalten
1. Installieren Sie eine Authenticator-App auf Ihrem Telefon, etwa Microsoft Authenticator oder Google Authenticator.
2. Öffnen Sie in Stramien das Benutzermenü (Ihr Name, oben rechts) → **Profileinstellungen**.
3. Wählen Sie unter **Zwei-Faktor-Authentifizierung** die Option **Zwei-Faktor-Authentifizierung einrichten**.
4. Scannen Sie den QR-Code mit der App. Scannen klappt nicht? Tippen Sie den Schlüssel unter dem Code in die App ein.
5. Geben Sie den sechsstelligen Code aus der App ein und wählen Sie **Aktivieren**.

Ab jetzt fragt die Anmeldung nach dem Passwort nach einem Code aus der App. Ein Code gilt etwa 30 Sekunden und nur einmal; wird er als bereits verwendet abgelehnt, warten Sie auf den nächsten.

## Ausschalten
Geben Sie unter **Profileinstellungen → Zwei-Faktor-Authentifizierung** einen aktuellen Code aus der App ein und wählen Sie **Zwei-Faktor-Authentifizierung deaktivieren**.

## Wenn Ihre Lizenz es verlangt
Ihre Organisation kann 2FA vorschreiben. Stramien führt Sie dann mit dem Hinweis, dass die Zwei-Faktor-Authentifizierung erforderlich ist, zu den Einstellungen; Sie können weiterarbeiten, sobald sie eingeschaltet ist.

## Ein neues oder verlorenes Telefon
Übertragen Sie das Konto in Ihrer Authenticator-App auf das neue Telefon, bevor Sie das alte zurücksetzen. Ist das Telefon verloren, bitten Sie Ihren Systemadministrator, Ihre Zwei-Faktor-Authentifizierung zurückzusetzen, und richten Sie sie danach neu ein.`,
      },
    },
  },
  {
    articleId: '5f0c6a8e-1d0b-4c39-9a55-0a7e3f1b2c06',
    position: 60,
    translations: {
      en: {
        title: 'Notifications and downloads',
        body: `Stramien tells you what changed for you, while you work, without e-mail.

## The bell
The **bell** in the app bar lists your notifications, newest first; it rings for two seconds when a new one arrives. You are notified when:

- a task is **assigned** to you, or its **status** or **due date** changes (for tasks you created or are assigned to; never about your own changes);
- an **export** you started is ready to download;
- your account is signed in from a **new browser**.

Unread notifications stand out. Click one to open what it is about and mark it read; **mark all read** clears the unread state of the whole list, and **Clear** empties it. The browser keeps your last ten notifications.

## Exports and downloads
Large exports, such as a task list to CSV or Excel, run in the background so you can go on working. You see the message *"Export jobs are started. You will find result files on downloads page."* and the job's progress. When the file is ready the bell tells you.

Open **Downloads** in the user menu to see your files with their name, size, date and state, and download them. Only you can download the files of your own exports.

## What's new
**What's new** in the user menu shows the news about Stramien itself: new features and planned maintenance. A dot marks news you have not read yet; important news opens by itself once. Opening the panel marks all news read.`,
      },
      nl: {
        title: 'Meldingen en downloads',
        body: `Stramien laat je weten wat er voor jou veranderd is, terwijl je werkt, zonder e-mail.

## De bel
De **bel** in de appbalk toont je meldingen, nieuwste eerst; hij rinkelt twee seconden als er een nieuwe binnenkomt. Je krijgt een melding als:

- een taak aan jou wordt **toegewezen**, of de **status** of **deadline** ervan verandert (bij taken die je hebt aangemaakt of die aan jou zijn toegewezen; nooit over je eigen wijzigingen);
- een **export** die je hebt gestart klaar is om te downloaden;
- er op je account wordt ingelogd vanuit een **nieuwe browser**.

Ongelezen meldingen vallen op. Klik op een melding om te openen waar die over gaat en hem als gelezen te markeren; **alles als gelezen markeren** doet dat voor de hele lijst, en **Wissen** maakt hem leeg. De browser bewaart je laatste tien meldingen.

## Exports en downloads
Grote exports, zoals een takenlijst naar CSV of Excel, lopen op de achtergrond zodat je verder kunt werken. Je ziet de melding *"Exporttaken zijn gestart. Je vindt de resultaatbestanden op de downloadpagina."* en de voortgang. Is het bestand klaar, dan meldt de bel dat.

Open **Downloads** in het gebruikersmenu om je bestanden te zien met naam, grootte, datum en status, en ze te downloaden. Alleen jij kunt de bestanden van je eigen exports downloaden.

## Wat is er nieuw
**Wat is er nieuw** in het gebruikersmenu toont het nieuws over Stramien zelf: nieuwe functies en gepland onderhoud. Een stip markeert nieuws dat je nog niet hebt gelezen; belangrijk nieuws opent eenmalig vanzelf. Het openen van het paneel markeert al het nieuws als gelezen.`,
      },
      de: {
        title: 'Benachrichtigungen und Downloads',
        body: `Stramien sagt Ihnen, was sich für Sie geändert hat – während Sie arbeiten, ohne E-Mail.

## Die Glocke
Die **Glocke** in der App-Leiste listet Ihre Benachrichtigungen, die neuesten zuerst; sie klingelt zwei Sekunden, wenn eine neue eintrifft. Sie werden benachrichtigt, wenn:

- Ihnen eine Aufgabe **zugewiesen** wird oder sich ihr **Status** oder ihre **Fälligkeit** ändert (bei Aufgaben, die Sie angelegt haben oder die Ihnen zugewiesen sind; nie über Ihre eigenen Änderungen);
- ein von Ihnen gestarteter **Export** zum Herunterladen bereitsteht;
- Ihr Konto von einem **neuen Browser** aus angemeldet wird.

Ungelesene Benachrichtigungen fallen auf. Ein Klick öffnet, worum es geht, und markiert sie als gelesen; **alle als gelesen markieren** tut das für die ganze Liste, und **Leeren** leert sie. Der Browser behält Ihre letzten zehn Benachrichtigungen.

## Exporte und Downloads
Große Exporte, etwa eine Aufgabenliste als CSV oder Excel, laufen im Hintergrund, damit Sie weiterarbeiten können. Sie sehen die Meldung *„Exportaufträge wurden gestartet. Die Ergebnisdateien finden Sie auf der Downloadseite."* und den Fortschritt. Ist die Datei fertig, meldet es die Glocke.

Öffnen Sie **Downloads** im Benutzermenü, um Ihre Dateien mit Name, Größe, Datum und Status zu sehen und herunterzuladen. Nur Sie können die Dateien Ihrer eigenen Exporte herunterladen.

## Was ist neu
**Was ist neu** im Benutzermenü zeigt Nachrichten über Stramien selbst: neue Funktionen und geplante Wartungen. Ein Punkt markiert Ungelesenes; wichtige Nachrichten öffnen sich einmal von selbst. Das Öffnen des Bereichs markiert alle Nachrichten als gelesen.`,
      },
    },
  },
];
